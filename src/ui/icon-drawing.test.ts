import { arrowBackOutline, menuOutline, personCircleOutline } from 'ionicons/icons';
import { describe, expect, it } from 'vitest';
import { iconDrawing } from './icon-drawing.ts';

describe('iconDrawing', () => {
  it("draws an ionicons data URL's shapes with their attributes as React props", () => {
    expect(iconDrawing(menuOutline)).toEqual({
      viewBox: '0 0 512 512',
      shapes: [
        {
          tag: 'path',
          attributes: { d: 'M80 160h352M80 256h352M80 352h352', strokeLinecap: 'round', strokeMiterlimit: '10', className: 'ionicon-fill-none ionicon-stroke-width' },
        },
      ],
    });
    expect(iconDrawing(personCircleOutline)?.shapes.map((shape) => shape.tag)).toEqual(['path', 'path']);
    expect(iconDrawing(arrowBackOutline)?.shapes[0]?.attributes.strokeWidth).toBe('48px');
  });

  it("draws an SVG file's text (double quotes, presentation attributes)", () => {
    const file = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" class="ionicon"><circle cx="256" cy="256" r="192" fill="none" stroke="currentColor" stroke-width="32"/></svg>';
    expect(iconDrawing(`data:image/svg+xml;utf8,${file}`)).toEqual({
      viewBox: '0 0 512 512',
      shapes: [{ tag: 'circle', attributes: { cx: '256', cy: '256', r: '192', fill: 'none', stroke: 'currentColor', strokeWidth: '32' } }],
    });
  });

  it('keeps nothing but the shapes and their drawing attributes', () => {
    const hostile = `<svg viewBox='0 0 10 10' onload='alert(1)'><script>alert(2)</script><path d='M0 0' onclick='alert(3)' style='x'/><foreignObject><div/></foreignObject><image href='x'/></svg>`;
    expect(iconDrawing(hostile)).toEqual({ viewBox: '0 0 10 10', shapes: [{ tag: 'path', attributes: { d: 'M0 0' } }] });
  });

  it('draws nothing for what is not an SVG with a view box', () => {
    expect(iconDrawing('')).toBeNull();
    expect(iconDrawing('data:image/png;base64,AAAA')).toBeNull();
    expect(iconDrawing("<svg><path d='M0 0'/></svg>")).toBeNull();
  });
});
