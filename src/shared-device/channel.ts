import * as v from 'valibot';
import { reportProblem } from '../storage/problems.ts';

/**
 * What the portal's tabs on one shared device tell each other at once (BroadcastChannel, same origin
 * only): the shift ended (every tab leaves the signed-in screens), the screen locked or unlocked.
 * Each message is validated where it is read; anything else is dropped and reported.
 */
export const DEVICE_CHANNEL = 'staff-portal/shared-device';

const messageSchema = v.object({ type: v.picklist(['shift-end', 'lock', 'unlock']) });

export type DeviceMessage = v.InferOutput<typeof messageSchema>;

export interface DeviceChannel {
  post(message: DeviceMessage): void;
  close(): void;
}

/** Listens to the other tabs; a browser without BroadcastChannel has one tab's worth of it (nothing to tell). */
export function openDeviceChannel(onMessage: (message: DeviceMessage) => void): DeviceChannel {
  if (typeof BroadcastChannel === 'undefined') return { post: () => undefined, close: () => undefined };
  const channel = new BroadcastChannel(DEVICE_CHANNEL);
  channel.onmessage = (event: MessageEvent) => {
    const parsed = v.safeParse(messageSchema, event.data);
    if (parsed.success) onMessage(parsed.output);
    else reportProblem('shared_device_message_invalid', { type: typeof event.data });
  };
  return {
    post: (message) => channel.postMessage(message),
    close: () => channel.close(),
  };
}
