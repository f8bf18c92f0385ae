import { menuOutline } from 'ionicons/icons';
import { describe, expect, it } from 'vitest';
import { iconMask } from './icon-mask.ts';

describe('iconMask', () => {
  it('makes an encoded SVG mask with the style ion-icon would add', () => {
    const mask = iconMask(menuOutline);
    expect(mask.startsWith('url("data:image/svg+xml,')).toBe(true);
    const svg = decodeURIComponent(mask.slice('url("data:image/svg+xml,'.length, -2));
    expect(svg).toContain('.ionicon{fill:#000;stroke:#000}');
    expect(svg).toContain('.ionicon-stroke-width{stroke-width:32px}');
    expect(svg).toContain("M80 160h352");
    expect(mask).not.toContain('#'); // a raw '#' would end the data URL early
  });
});
