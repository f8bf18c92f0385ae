/// <reference lib="WebWorker" />
import { clickedRoute, NOTIFICATION_CLICK_TEST, notificationOptions, parsePushMessage, PUSH_CHANNEL_TYPE, type PushChannelMessage } from '../src/push/message.ts';
import { mayShow } from '../src/sw-client/current-person.ts';
import { currentPerson } from './current-person.ts';

declare const self: ServiceWorkerGlobalScope;

/*
 * Push messages (shell.md §4). Firebase Cloud Messaging delivers web push as a plain `push` event
 * whose data is the JSON payload, so the worker reads it itself instead of bundling
 * firebase/messaging/sw: that SDK needs the Firebase settings while the worker first evaluates,
 * but they come from the runtime config, which the worker only has later; push listeners added
 * after the first evaluation miss the event that woke the worker.
 */

function payloadOf(event: PushEvent): unknown {
  try {
    return event.data?.json();
  } catch {
    return undefined; // not JSON: not one of ours
  }
}

async function onPush(event: PushEvent): Promise<void> {
  const message = parsePushMessage(payloadOf(event), self.location.origin);
  if (!message) return;
  // A shared device shows a message only to the person it is for (current-person.ts).
  if (!(await mayShow(message.recipient, await currentPerson()))) return;
  // A portal tab in view shows the message itself (a toast) instead of a system notification.
  const tabs = await self.clients.matchAll({ type: 'window' });
  const visible = tabs.find((tab) => tab.visibilityState === 'visible');
  if (visible) visible.postMessage({ type: PUSH_CHANNEL_TYPE, message } satisfies PushChannelMessage);
  else await self.registration.showNotification(message.title, notificationOptions(message));
}

/**
 * Shows the route in a portal tab and brings it forward, or opens one when none is open (or none can
 * be navigated). Navigating first: it needs no user activation, so the tab follows even where the
 * browser refuses focus; focus and openWindow need the activation a notification click gives.
 */
async function openRoute(route: string): Promise<void> {
  const url = new URL(route, self.location.origin).href;
  for (const tab of await self.clients.matchAll({ type: 'window' })) {
    try {
      const moved = await tab.navigate(url);
      if (!moved) continue; // the tab left for another origin
      await moved.focus().catch(() => undefined);
      return;
    } catch {
      // navigate only works in a tab this worker controls: try the next
    }
  }
  await self.clients.openWindow(url);
}

/** What a click on one of our notifications does. */
async function activate(notification: Notification): Promise<void> {
  notification.close();
  await openRoute(clickedRoute(notification.data, self.location.origin));
}

self.addEventListener('push', (event) => event.waitUntil(onPush(event)));
self.addEventListener('notificationclick', (event) => event.waitUntil(activate(event.notification)));

/*
 * The worker's test entry for a click: browsers offer no way to click a system
 * notification from a test, so a portal page may ask the worker to activate its shown notification
 * with a given title exactly as a click would. Same-origin pages only; it can do nothing a portal
 * page cannot do itself (show a portal route).
 */
self.addEventListener('message', (event) => {
  const data = event.data as { type?: unknown; title?: unknown } | null;
  if (data?.type !== NOTIFICATION_CLICK_TEST || typeof data.title !== 'string') return;
  if (!(event.source instanceof WindowClient) || new URL(event.source.url).origin !== self.location.origin) return;
  const title = data.title;
  event.waitUntil(
    self.registration.getNotifications().then((shown) => Promise.all(shown.filter((notification) => notification.title === title).map(activate))),
  );
});
