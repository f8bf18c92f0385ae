import { isPushChannelMessage, type PushMessage } from './message.ts';

/** Messages the service worker forwards while a portal tab is in view (see sw/push.ts). */
export function subscribeForwardedPush(listener: (message: PushMessage) => void): () => void {
  const container = navigator.serviceWorker;
  if (!container) return () => {};
  const onMessage = (event: MessageEvent) => {
    if (isPushChannelMessage(event.data)) listener(event.data.message);
  };
  container.addEventListener('message', onMessage);
  return () => container.removeEventListener('message', onMessage);
}
