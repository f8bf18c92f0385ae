import type { FrameSettings } from '../../packages/frame-client/index.ts';
import { editing } from './editing.ts';
import { sendSettings, type KnownFrame } from './messenger.ts';
import { touchPoolEntry, type PoolEntry } from './pool.ts';
import { frameAllowList, frameWindowName } from './settings.ts';

/** A frame no page load has answered in this time shows the error state with a retry. */
export const FRAME_LOAD_TIMEOUT_MS = 20_000;

export interface FrameSpec {
  key: string;
  src: string;
  app: string;
  origin: string;
  title: string;
  settings: FrameSettings;
}

export interface FrameEntry extends PoolEntry {
  /** Stable for the frame's life, unlike `key` (route sync re-keys a frame): the element's identity. */
  id: number;
  /** The address the iframe was created with; route sync may move the page on without a reload. */
  src: string;
  app: string;
  origin: string;
  title: string;
  /** window.name at creation, and the settings last told to the frame. */
  name: string;
  sentSettings: string;
  allow: string;
  attempt: number;
  status: 'loading' | 'loaded' | 'error';
}

export interface PoolSnapshot {
  entries: readonly FrameEntry[];
  activeKey: string | null;
}

/**
 * The kept-alive frames, outside Ionic's page stack so their lifetime is the shell's: showing a route
 * again reuses its frame (and tells it new settings by message), the least recently used beyond the
 * pool size are dropped.
 */
export class FramePool {
  private snapshot: PoolSnapshot = { entries: [], activeKey: null };
  private readonly listeners = new Set<() => void>();
  private readonly elements = new Map<string, HTMLIFrameElement>();
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();
  private nextId = 1;

  constructor(private readonly size: () => number) {}

  getSnapshot = (): PoolSnapshot => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private update(next: Partial<PoolSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...next };
    this.listeners.forEach((listener) => listener());
  }

  private patch(key: string, change: Partial<FrameEntry>): void {
    this.update({ entries: this.snapshot.entries.map((entry) => (entry.key === key ? { ...entry, ...change } : entry)) });
  }

  show(spec: FrameSpec): void {
    const settings = frameWindowName(spec.settings);
    const existing = this.snapshot.entries.find((entry) => entry.key === spec.key);
    const entries = touchPoolEntry(this.snapshot.entries, spec.key, Date.now(), this.size(), () => ({
      id: this.nextId++,
      key: spec.key,
      src: spec.src,
      app: spec.app,
      origin: spec.origin,
      title: spec.title,
      name: settings,
      sentSettings: settings,
      allow: frameAllowList(spec.app),
      attempt: 0,
      status: 'loading' as const,
      lastUsed: 0,
    }));
    for (const gone of this.snapshot.entries.filter((entry) => !entries.some((kept) => kept.key === entry.key))) this.forget(gone.key);
    this.update({ entries, activeKey: spec.key });
    if (!existing) this.startTimer(spec.key);
    else if (existing.sentSettings !== settings) {
      const frame = this.known(spec.key);
      if (frame) sendSettings(frame, spec.settings);
      this.patch(spec.key, { sentSettings: settings, title: spec.title });
    }
  }

  hide(): void {
    if (this.snapshot.activeKey !== null) this.update({ activeKey: null });
  }

  /** The frame moved to another page by itself (route sync): it now answers for `key`. */
  rekey(oldKey: string, key: string): void {
    if (oldKey === key || this.snapshot.entries.some((entry) => entry.key === key)) return;
    const element = this.elements.get(oldKey);
    this.forget(oldKey, false);
    if (element) this.elements.set(key, element);
    this.update({
      entries: this.snapshot.entries.map((entry) => (entry.key === oldKey ? { ...entry, key } : entry)),
      activeKey: this.snapshot.activeKey === oldKey ? key : this.snapshot.activeKey,
    });
  }

  attach(key: string, element: HTMLIFrameElement | null): void {
    if (element) this.elements.set(key, element);
  }

  loaded(key: string): void {
    clearTimeout(this.timers.get(key));
    this.timers.delete(key);
    this.patch(key, { status: 'loaded' });
  }

  retry(key: string): void {
    const entry = this.snapshot.entries.find((candidate) => candidate.key === key);
    if (!entry) return;
    this.patch(key, { attempt: entry.attempt + 1, status: 'loading' });
    this.startTimer(key);
  }

  /** The frame whose window sent a message, if it is one of ours. */
  find = (source: MessageEventSource | null): KnownFrame | null => {
    if (!source) return null;
    for (const entry of this.snapshot.entries) {
      const element = this.elements.get(entry.key);
      if (element?.contentWindow === source) return this.known(entry.key);
    }
    return null;
  };

  private known(key: string): KnownFrame | null {
    const entry = this.snapshot.entries.find((candidate) => candidate.key === key);
    const window = this.elements.get(key)?.contentWindow;
    return entry && window ? { key, origin: entry.origin, window } : null;
  }

  private startTimer(key: string): void {
    clearTimeout(this.timers.get(key));
    this.timers.set(
      key,
      setTimeout(() => {
        if (this.snapshot.entries.find((entry) => entry.key === key)?.status === 'loading') this.patch(key, { status: 'error' });
      }, FRAME_LOAD_TIMEOUT_MS),
    );
  }

  private forget(key: string, dropEditing = true): void {
    clearTimeout(this.timers.get(key));
    this.timers.delete(key);
    this.elements.delete(key);
    if (dropEditing) editing.set(key, false);
  }
}
