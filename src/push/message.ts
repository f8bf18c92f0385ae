/**
 * Push messages as the notification service sends them (Firebase Cloud Messaging's web payload:
 * `notification` for what to show, `data` / `fcmOptions.link` for where a click leads). Shared by
 * the page and the service worker, so it uses no DOM or worker-only API.
 */
export interface PushMessage {
  title: string;
  body?: string;
  icon?: string;
  /** A same-origin path to open on click, already checked by safeRoute. */
  route?: string;
  /**
   * Whom it is for: `data.user_id`, the id the device's token was registered under (register-push.ts).
   * A shared device shows a message only to that person (sw-client/current-person.ts).
   */
  recipient?: string;
}

/** The service worker forwards messages to a visible portal tab under this type. */
export const PUSH_CHANNEL_TYPE = 'staff-portal:push-message';

export interface PushChannelMessage {
  type: typeof PUSH_CHANNEL_TYPE;
  message: PushMessage;
}

const record = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {};
const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() ? value : undefined);

/**
 * A same-origin path (with query and hash) for `link`, or undefined for anything that would leave
 * the portal: other origins, protocol-relative addresses, javascript: and other schemes.
 */
export function safeRoute(link: unknown, origin: string): string | undefined {
  if (typeof link !== 'string' || !link.trim()) return undefined;
  try {
    const url = new URL(link, origin);
    return url.origin === origin ? `${url.pathname}${url.search}${url.hash}` : undefined;
  } catch {
    return undefined;
  }
}

/** The message to show, or null when the payload has no title (data-only or foreign messages). */
export function parsePushMessage(payload: unknown, origin: string): PushMessage | null {
  const { notification, data, fcmOptions } = record(payload);
  const shown = record(notification);
  const title = text(shown.title);
  if (!title) return null;
  const route = safeRoute(record(fcmOptions).link, origin) ?? safeRoute(record(data).route, origin);
  return { title, body: text(shown.body), icon: text(shown.icon), route, recipient: text(record(data).user_id) };
}

export function isPushChannelMessage(value: unknown): value is PushChannelMessage {
  const candidate = record(value);
  return candidate.type === PUSH_CHANNEL_TYPE && text(record(candidate.message).title) !== undefined;
}

/** What the service worker shows for a message; the route rides along for the click. */
export function notificationOptions(message: PushMessage): NotificationOptions {
  return { body: message.body, icon: message.icon, data: { route: message.route } };
}

/** A page's request to the worker to activate its shown notification of a title as a click would (sw/push.ts; tests). */
export const NOTIFICATION_CLICK_TEST = 'staff-portal/notification-click';

/** Where a click on a shown notification leads: its route when still same-origin, else home. */
export function clickedRoute(notificationData: unknown, origin: string): string {
  return safeRoute(record(notificationData).route, origin) ?? '/';
}
