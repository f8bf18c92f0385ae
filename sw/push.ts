/// <reference lib="WebWorker" />
import { clickedRoute, notificationOptions, parsePushMessage, PUSH_CHANNEL_TYPE, type PushChannelMessage } from '../src/push/message.ts';

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
  // A portal tab in view shows the message itself (a toast) instead of a system notification.
  const tabs = await self.clients.matchAll({ type: 'window' });
  const visible = tabs.find((tab) => tab.visibilityState === 'visible');
  if (visible) visible.postMessage({ type: PUSH_CHANNEL_TYPE, message } satisfies PushChannelMessage);
  else await self.registration.showNotification(message.title, notificationOptions(message));
}

/** Focuses a portal tab on the route, or opens one when none is open (or none can be navigated). */
async function openRoute(route: string): Promise<void> {
  const url = new URL(route, self.location.origin).href;
  for (const tab of await self.clients.matchAll({ type: 'window' })) {
    try {
      await (await tab.focus()).navigate(url);
      return;
    } catch {
      // focus needs the click's user activation and navigate a tab this worker controls: try the next
    }
  }
  await self.clients.openWindow(url);
}

self.addEventListener('push', (event) => event.waitUntil(onPush(event)));
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openRoute(clickedRoute(event.notification.data, self.location.origin)));
});
