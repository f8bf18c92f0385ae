import { afterEach, describe, expect, it } from 'vitest';
import type { FrameFirstFrame } from './rules.ts';
import { placeFrame } from '../../frames/adopted-frame.ts';
import { claimFrameFirst, createFrameFirst, FRAME_FIRST_CLASS, releaseFrameFirst } from './handoff.ts';
import { FRAME_SANDBOX } from '../../frames/settings.ts';

const frame: FrameFirstFrame = {
  path: '/dpos/orders',
  key: '/dpos/orders',
  // jsdom loads no pages; the address is only compared here.
  src: 'about:blank',
  name: '{"title":"Orders"}',
  title: 'Orders',
  allow: 'clipboard-write; fullscreen',
  closed: [],
  box: { top: 64, right: 0, bottom: 0, left: 280, wide: true },
  picture: null,
};
const spec = { key: frame.key, src: frame.src, name: frame.name };

const holders = () => document.querySelectorAll(`.${FRAME_FIRST_CLASS}`);
const post = (source: MessageEventSource | null, data: unknown) => window.dispatchEvent(new MessageEvent('message', { data, source }));

afterEach(() => {
  releaseFrameFirst();
  document.body.innerHTML = '';
});

describe('the boot step’s frame', () => {
  it('is created in its box with the attributes the frame host gives a frame', () => {
    const { element } = createFrameFirst(frame);
    const holder = element.parentElement!;
    expect(holder.className).toBe(FRAME_FIRST_CLASS);
    expect([holder.style.top, holder.style.right, holder.style.bottom, holder.style.left]).toEqual(['64px', '0px', '0px', '280px']);
    expect(element.getAttribute('src')).toBe(frame.src);
    expect(element.name).toBe(frame.name);
    expect(element.title).toBe('Orders');
    expect(element.getAttribute('sandbox')).toBe(FRAME_SANDBOX);
    expect(element.getAttribute('allow')).toBe(frame.allow);
    expect(element.className).toBe('frame-host__frame');
  });

  it('keeps its load and the messages of its own window until the pool claims it, then no more', () => {
    const handoff = createFrameFirst(frame);
    // jsdom's frames have no window of their own to post from: a port stands in for it.
    const frameWindow = new MessageChannel().port1;
    Object.defineProperty(handoff.element, 'contentWindow', { value: frameWindow });
    post(frameWindow, { type: 'ready' });
    post(window, { type: 'ready' }); // another window's message is not the frame's
    handoff.element.dispatchEvent(new Event('load'));
    const claimed = claimFrameFirst(spec);
    expect(claimed).toBe(handoff);
    expect(claimed?.loaded).toBe(true);
    expect(claimed?.messages.map((event) => event.data)).toEqual([{ type: 'ready' }]);
    post(frameWindow, { type: 'route' });
    expect(claimed?.messages).toHaveLength(1);
    expect(claimFrameFirst(spec)).toBeNull(); // taken once
  });

  it.each([
    ['another route', { ...spec, key: '/dpos/returns' }],
    ['another address (a route param or query changed)', { ...spec, src: `${spec.src}?status=new` }],
    ['other settings (seller, language, push token…)', { ...spec, name: '{"title":"Đơn hàng"}' }],
  ])('is removed, not adopted, when the shell would create %s', (_, other) => {
    createFrameFirst(frame);
    expect(claimFrameFirst(other)).toBeNull();
    expect(holders()).toHaveLength(0);
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('is removed when another page is drawn instead of the shell', () => {
    createFrameFirst(frame);
    releaseFrameFirst();
    expect(holders()).toHaveLength(0);
    expect(claimFrameFirst(spec)).toBeNull();
  });

  it('moves into the frame host, and its holder goes', () => {
    const { element } = createFrameFirst(frame);
    const slot = document.body.appendChild(document.createElement('div'));
    placeFrame(slot, element);
    expect(element.parentElement).toBe(slot);
    expect(holders()).toHaveLength(0);
  });
});
