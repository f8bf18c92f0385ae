import { describe, expect, it } from 'vitest';
import { nextFrameStatus, type FrameSignal, type FrameStatus } from './readiness.ts';

const online = { offline: false, speaksReady: false };
const onlineSpeaksReady = { offline: false, speaksReady: true };
const offline = { offline: true, speaksReady: false };

describe('nextFrameStatus', () => {
  it.each<[FrameStatus, FrameSignal, typeof online, FrameStatus]>([
    // ready always shows the page, even after a deadline passed
    ['loading', 'ready', offline, 'ready'],
    ['needs-connection', 'ready', offline, 'ready'],
    ['error', 'ready', online, 'ready'],
    // load: enough online for apps that never said ready (old apps), never offline
    ['loading', 'load', online, 'ready'],
    ['loading', 'load', onlineSpeaksReady, 'loading'],
    ['loading', 'load', offline, 'loading'],
    ['error', 'load', online, 'error'],
    // the offline deadline covers a silent frame only offline
    ['loading', 'offline-deadline', offline, 'needs-connection'],
    ['loading', 'offline-deadline', online, 'loading'],
    ['ready', 'offline-deadline', offline, 'ready'],
    // the load deadline: the error online, the card offline
    ['loading', 'load-deadline', online, 'error'],
    ['loading', 'load-deadline', offline, 'needs-connection'],
    ['ready', 'load-deadline', online, 'ready'],
  ])('%s + %s (%o) → %s', (status, signal, context, expected) => {
    expect(nextFrameStatus(status, signal, context)).toBe(expected);
  });
});
