import { afterEach, describe, expect, it } from 'vitest';
import { drawShellPicture, removeShellPicture } from './draw.ts';
import { isShellPicture, MAX_PICTURE_BOXES, type ShellPicture } from './shape.ts';

const picture = (change: Partial<ShellPicture> = {}): ShellPicture => ({
  drawnFor: 'menu',
  width: innerWidth,
  height: innerHeight,
  background: 'rgb(255, 255, 255)',
  boxes: [
    { left: 0, top: 0, width: 280, height: innerHeight, background: 'rgb(20, 30, 40)' },
    { left: 16, top: 80, width: 120, height: 20, text: '<img src=x onerror=alert(1)>', font: '500 14px system-ui', color: 'rgb(255, 255, 255)' },
  ],
  ...change,
});

afterEach(() => removeShellPicture());

describe('isShellPicture', () => {
  it('accepts a picture as taken', () => expect(isShellPicture(picture())).toBe(true));
  it('accepts images of this site, the web and inline ones', () => {
    for (const image of ['/brand/logo.svg', 'https://id.example/avatar.png', 'data:image/svg+xml;base64,PHN2Zz4=']) {
      expect(isShellPicture({ ...picture(), boxes: [{ left: 0, top: 0, width: 1, height: 1, image }] })).toBe(true);
    }
  });

  it.each([
    ['not an object', 'picture'],
    ['no viewport', { ...picture(), width: undefined }],
    ['a box without a place', { ...picture(), boxes: [{ left: 0, top: 0, width: 1 }] }],
    ['a text that is not text', { ...picture(), boxes: [{ left: 0, top: 0, width: 1, height: 1, text: 5 }] }],
    ['an image at a script address', { ...picture(), boxes: [{ left: 0, top: 0, width: 1, height: 1, image: 'javascript:alert(1)' }] }],
    ['an image at another site without a scheme', { ...picture(), boxes: [{ left: 0, top: 0, width: 1, height: 1, image: '//evil.example/x.png' }] }],
    ['too long a text', { ...picture(), boxes: [{ left: 0, top: 0, width: 1, height: 1, text: 'x'.repeat(201) }] }],
    ['too many boxes', { ...picture(), boxes: Array.from({ length: MAX_PICTURE_BOXES + 1 }, () => ({ left: 0, top: 0, width: 1, height: 1 })) }],
  ])('rejects %s', (_, value) => expect(isShellPicture(value)).toBe(false));
});

describe('drawShellPicture', () => {
  it('draws the boxes and the text as text, hidden from assistive technology and inert', () => {
    const layer = drawShellPicture(picture())!;
    expect(layer.getAttribute('aria-hidden')).toBe('true');
    expect(layer.inert).toBe(true);
    const [sidebar, label] = [...layer.children] as HTMLElement[];
    expect(sidebar!.style.width).toBe('280px');
    expect(label!.textContent).toBe('<img src=x onerror=alert(1)>');
    expect(layer.querySelector('img')).toBeNull();
    removeShellPicture();
    expect(document.querySelector('.shell-picture')).toBeNull();
  });

  it('draws nothing in a viewport of another size (the layout would not be the same)', () => {
    expect(drawShellPicture(picture({ width: innerWidth + 100 }))).toBeNull();
    expect(document.querySelector('.shell-picture')).toBeNull();
  });
});
