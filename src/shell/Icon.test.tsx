import { menuOutline } from 'ionicons/icons';
import { describe, expect, it } from 'vitest';
import { iconMask } from './Icon.tsx';

describe('iconMask', () => {
  it('makes an encoded SVG mask with the outline style ion-icon would add', () => {
    const mask = iconMask(menuOutline);
    expect(mask.startsWith('url("data:image/svg+xml,')).toBe(true);
    const svg = decodeURIComponent(mask.slice('url("data:image/svg+xml,'.length, -2));
    expect(svg).toContain('.ionicon-stroke-width{stroke:#000;stroke-width:32px}');
    expect(svg).toContain("M80 160h352");
    expect(mask).not.toContain('#'); // a raw '#' would end the data URL early
  });
});
