import { iconMask } from './icon-mask.ts';

/**
 * Draws an ionicons icon as a CSS mask filled with the text colour (icon-mask.ts). `null` keeps the
 * icon's place empty (an icon still loading), so nothing moves when it arrives.
 */
export function Icon({ icon, size = 24 }: { icon: string | null; size?: number }) {
  const mask = icon ? iconMask(icon) : undefined;
  return (
    <span
      className="icon"
      aria-hidden="true"
      style={{ width: size, height: size, WebkitMaskImage: mask, maskImage: mask, visibility: mask ? undefined : 'hidden' }}
    />
  );
}
