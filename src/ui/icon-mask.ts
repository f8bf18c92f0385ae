/**
 * An ionicons icon (its exported SVG data URL) as a CSS mask image, filled with the text colour by
 * `.icon`. Cheaper than <ion-icon>, whose loader alone weighs ~6 KB gzip in the initial bundle.
 * ion-icon draws with a stylesheet the SVG relies on — fill and stroke from the current colour,
 * `ionicon-fill-none`, `ionicon-stroke-width` — so the same rules go into the SVG here. Without the
 * stroke colour an outline path (arrow-back-outline) has no visible pixel, and a mask paints nothing.
 */
const IONICON_STYLE = '<style>.ionicon{fill:#000;stroke:#000}.ionicon-fill-none{fill:none}.ionicon-stroke-width{stroke-width:32px}</style>';
const masks = new Map<string, string>();

export function iconMask(icon: string): string {
  let mask = masks.get(icon);
  if (!mask) {
    const svg = icon.slice(icon.indexOf(',') + 1).replace(/(<svg[^>]*>)/, `$1${IONICON_STYLE}`);
    mask = `url("data:image/svg+xml,${encodeURIComponent(svg)}")`;
    masks.set(icon, mask);
  }
  return mask;
}
