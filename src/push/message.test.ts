import { describe, expect, it } from 'vitest';
import { clickedRoute, isPushChannelMessage, notificationOptions, parsePushMessage, PUSH_CHANNEL_TYPE, safeRoute } from './message.ts';

const ORIGIN = 'https://staff.example.test';

describe('push messages', () => {
  it.each([
    ['/dpos/orders?id=7#top', '/dpos/orders?id=7#top'],
    ['dpos/orders', '/dpos/orders'],
    [`${ORIGIN}/orders/seller/1/2`, '/orders/seller/1/2'],
    ['https://evil.example.test/orders', undefined],
    ['//evil.example.test/orders', undefined],
    ['javascript:alert(1)', undefined],
    ['data:text/html,hi', undefined],
    ['http://staff.example.test/orders', undefined],
    ['', undefined],
    [42, undefined],
  ])('safeRoute(%j) → %s', (link, expected) => {
    expect(safeRoute(link, ORIGIN)).toBe(expected);
  });

  it('reads whom a message is for from its data (the user id the token was registered under)', () => {
    expect(parsePushMessage({ notification: { title: 'T' }, data: { user_id: 'staff-0003' } }, ORIGIN)?.recipient).toBe('staff-0003');
    expect(parsePushMessage({ notification: { title: 'T' }, data: { user_id: 3 } }, ORIGIN)?.recipient).toBeUndefined();
    expect(parsePushMessage({ notification: { title: 'T' } }, ORIGIN)?.recipient).toBeUndefined();
  });

  it('reads what to show and where a click leads from a Firebase payload', () => {
    expect(
      parsePushMessage({ notification: { title: 'New order', body: 'Order 7', icon: '/icons/192.png' }, fcmOptions: { link: '/dpos/orders' } }, ORIGIN),
    ).toEqual({ title: 'New order', body: 'Order 7', icon: '/icons/192.png', route: '/dpos/orders' });
    expect(parsePushMessage({ notification: { title: 'T' }, data: { route: '/tickets/list' } }, ORIGIN)).toEqual({
      title: 'T',
      body: undefined,
      icon: undefined,
      route: '/tickets/list',
    });
  });

  it('drops routes that leave the portal and ignores messages with nothing to show', () => {
    expect(parsePushMessage({ notification: { title: 'T' }, fcmOptions: { link: 'https://evil.example.test' } }, ORIGIN)?.route).toBeUndefined();
    expect(parsePushMessage({ data: { route: '/orders' } }, ORIGIN)).toBeNull();
    expect(parsePushMessage({ notification: { title: '  ' } }, ORIGIN)).toBeNull();
    expect(parsePushMessage('text', ORIGIN)).toBeNull();
    expect(parsePushMessage(undefined, ORIGIN)).toBeNull();
  });

  it('carries the route through the shown notification and checks it again on click', () => {
    const options = notificationOptions({ title: 'T', body: 'B', route: '/dpos/orders' });
    expect(options).toEqual({ body: 'B', icon: undefined, data: { route: '/dpos/orders' } });
    expect(clickedRoute(options.data, ORIGIN)).toBe('/dpos/orders');
    expect(clickedRoute({ route: 'https://evil.example.test' }, ORIGIN)).toBe('/');
    expect(clickedRoute(null, ORIGIN)).toBe('/');
  });

  it('recognises messages forwarded by the service worker', () => {
    expect(isPushChannelMessage({ type: PUSH_CHANNEL_TYPE, message: { title: 'T' } })).toBe(true);
    expect(isPushChannelMessage({ type: PUSH_CHANNEL_TYPE, message: {} })).toBe(false);
    expect(isPushChannelMessage({ type: 'other', message: { title: 'T' } })).toBe(false);
    expect(isPushChannelMessage(null)).toBe(false);
  });
});
