import { PROTOCOL, type OutboxReply, type ParsedFrameMessage } from '../../packages/frame-client/index.ts';
import type { Outbox, OutboxChange } from './outbox.ts';

/**
 * The outbox's side of the frame protocol: answers the requests of verified frames (the messenger
 * has checked the frame, its origin and the user-data origin rule) for the app the frame shows, and
 * tells each watching frame about its app's entries of the signed-in user.
 */
export type OutboxRequest = Extract<ParsedFrameMessage, { type: `outbox-${string}` }>;
export type PostReply = (reply: OutboxReply) => void;

/** A frame as the messenger knows it: the app it shows, and its window (one watch per frame; `closed` once it left). */
export interface RequestingFrame {
  app: string;
  window: { readonly closed?: boolean };
}

export interface OutboxFramesDeps {
  outbox: Outbox;
  /** Whose entries the frames may see: the signed-in user. */
  owner(): string | null;
  /** A write made now counts as made offline (its delivery is announced when it happens). */
  offline(): boolean;
}

export class OutboxFrames {
  private readonly watchers = new Map<RequestingFrame['window'], { app: string; post: PostReply }>();

  constructor(private readonly deps: OutboxFramesDeps) {
    deps.outbox.subscribe((change) => this.tell(change));
  }

  /** One request of a verified frame. */
  handle(frame: RequestingFrame, message: OutboxRequest, post: PostReply): void {
    void this.answer(frame, message, post).catch((error: unknown) => {
      console.warn('[outbox] a request of a frame could not be answered', error);
      if (message.type !== 'outbox-watch') post({ protocol: PROTOCOL, type: 'outbox-refused', requestId: message.requestId, reason: 'storage-unavailable' });
    });
  }

  private async answer(frame: RequestingFrame, message: OutboxRequest, post: PostReply): Promise<void> {
    if (message.type === 'outbox-watch') {
      this.watchers.set(frame.window, { app: frame.app, post });
      return;
    }
    const { requestId } = message;
    const { outbox } = this.deps;
    switch (message.type) {
      case 'outbox-send': {
        if (!message.write.ok) return post({ protocol: PROTOCOL, type: 'outbox-refused', requestId, reason: message.write.reason });
        const result = await outbox.enqueue(frame.app, requestId, message.write.write, { offline: this.deps.offline() });
        return post(
          result.ok
            ? { protocol: PROTOCOL, type: 'outbox-stored', requestId, entry: result.entry }
            : { protocol: PROTOCOL, type: 'outbox-refused', requestId, reason: result.reason },
        );
      }
      case 'outbox-list':
        return post({ protocol: PROTOCOL, type: 'outbox-entries', requestId, entries: await outbox.list(frame.app) });
      case 'outbox-discard': {
        const result = await outbox.discard({ id: message.id, app: frame.app });
        return post(
          result === 'discarded'
            ? { protocol: PROTOCOL, type: 'outbox-discarded', requestId, id: message.id }
            : { protocol: PROTOCOL, type: 'outbox-refused', requestId, reason: 'not-found' },
        );
      }
    }
  }

  /** An entry of the signed-in user moved: its app's watching frames hear of it. */
  private tell(change: OutboxChange): void {
    if (change.kind !== 'entry' || change.owner !== this.deps.owner()) return;
    for (const [window, watcher] of this.watchers) {
      // A frame that left the page (evicted from the pool) hears nothing more.
      if (window.closed) this.watchers.delete(window);
      else if (watcher.app === change.app) watcher.post({ protocol: PROTOCOL, type: 'outbox-update', entry: change.entry });
    }
  }
}
