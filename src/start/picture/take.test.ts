import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PICTURE_SLICE_MS, takeShellPicture, takeShellPictureInSlices } from './take.ts';

/** A drawn shell in the test DOM: every element laid out as its data-rect says (and opaque: the test DOM computes no opacity). */
function shell(): { root: HTMLElement; content: HTMLElement } {
  document.head.innerHTML = '<style>* { opacity: 1; visibility: visible }</style>';
  document.body.innerHTML = `
    <div class="shell-layout" data-rect="0 0 360 640">
      <header style="background-color: rgb(30, 111, 217)" data-rect="0 0 360 56">Staff Desktop</header>
      <nav style="background-color: rgb(250, 250, 250)" data-rect="0 56 280 584">
        <a data-rect="0 56 280 48">Point of sale</a><a data-rect="0 104 280 48">Orders</a>
      </nav>
      <main class="shell-content" style="background-color: rgb(0, 0, 0)" data-rect="280 56 80 584"><p>left out</p></main>
    </div>`;
  return { root: document.querySelector('.shell-layout')!, content: document.querySelector('.shell-content')! };
}

describe('the shell picture taken in slices', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    document.head.innerHTML = '';
    document.body.innerHTML = '';
  });

  beforeEach(() => {
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function rect(this: Element) {
      const [left = 0, top = 0, width = 0, height = 0] = (this.getAttribute('data-rect') ?? '').split(' ').map(Number);
      return DOMRect.fromRect({ x: left, y: top, width, height });
    });
  });

  it('is the picture taken at once, the main thread given back whenever a slice has run its time', async () => {
    const { root, content } = shell();
    const atOnce = takeShellPicture(root, content, 'menu 1');
    const backgrounds = atOnce.boxes.map((box) => box.background);
    // The header and the menu; the content area left out.
    expect(backgrounds).toEqual(expect.arrayContaining(['rgb(30, 111, 217)', 'rgb(250, 250, 250)']));
    expect(backgrounds).not.toContain('rgb(0, 0, 0)');
    let clock = 0;
    const giveBack = vi.fn(() => Promise.resolve());
    // Each step of the walk reads the clock once: every second step ends a slice.
    const sliced = await takeShellPictureInSlices(root, content, 'menu 1', new AbortController().signal, {
      giveBack,
      now: () => (clock += PICTURE_SLICE_MS / 2),
    });
    expect(sliced).toEqual(atOnce);
    expect(giveBack.mock.calls.length).toBeGreaterThan(1);
  });

  it('runs in one slice, in a task of its own, while the time allows', async () => {
    const { root, content } = shell();
    const giveBack = vi.fn(() => Promise.resolve());
    expect(await takeShellPictureInSlices(root, content, 'menu 1', new AbortController().signal, { giveBack, now: () => 0 })).toEqual(takeShellPicture(root, content, 'menu 1'));
    expect(giveBack).toHaveBeenCalledTimes(1);
  });

  it('stops, with no picture, when the shell moved on before the walk or between two of its slices', async () => {
    const { root, content } = shell();
    for (const abortAt of [1, 2]) {
      const moved = new AbortController();
      let clock = 0;
      const giveBack = vi.fn(() => {
        if (giveBack.mock.calls.length === abortAt) moved.abort();
        return Promise.resolve();
      });
      const readStyle = vi.spyOn(window, 'getComputedStyle');
      expect(await takeShellPictureInSlices(root, content, 'menu 1', moved.signal, { giveBack, now: () => (clock += PICTURE_SLICE_MS) }), `at give-back ${abortAt}`).toBeNull();
      expect(giveBack).toHaveBeenCalledTimes(abortAt);
      // Aborted before the walk, it read nothing of the shell.
      if (abortAt === 1) expect(readStyle).not.toHaveBeenCalled();
      readStyle.mockRestore();
    }
  });

});
