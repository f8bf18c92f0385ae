import { act, render } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initTestI18n, resetOverlays, shown } from '../offline/test-support.ts';
import type { ServiceWorkerUpdates } from './register.ts';
import { UpdatePrompt } from './UpdatePrompt.tsx';

vi.mock('../ui/overlays.ts', () => import('../offline/test-support.ts'));

function fakeUpdates() {
  let notify: (() => void) | undefined;
  const updates: ServiceWorkerUpdates & { waitingNow(): void } = {
    onUpdateWaiting(listener) {
      notify = listener;
      return () => undefined;
    },
    applyUpdate: vi.fn(),
    waitingNow: () => notify?.(),
  };
  return updates;
}

const flush = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));

describe('UpdatePrompt', () => {
  beforeAll(initTestI18n);
  beforeEach(resetOverlays);

  it('offers the reload only when a new version waits, and never reloads by itself', async () => {
    const updates = fakeUpdates();
    render(<UpdatePrompt updates={updates} />);
    await flush();
    expect(shown.toasts).toHaveLength(0);
    act(() => updates.waitingNow());
    await flush();
    expect(shown.toasts).toHaveLength(1);
    expect(shown.toasts[0]!.message).toBe('A new version of the portal is available.');
    expect(updates.applyUpdate).not.toHaveBeenCalled();
    act(() => void shown.toasts[0]!.buttons!.find((button) => typeof button !== 'string' && button.text === 'Reload')!.handler?.());
    expect(updates.applyUpdate).toHaveBeenCalledOnce();
  });

  it('holds the offer back while a frame is editing, and shows it when editing ends', async () => {
    const updates = fakeUpdates();
    const view = render(<UpdatePrompt updates={updates} holdBack />);
    act(() => updates.waitingNow());
    await flush();
    expect(shown.toasts).toHaveLength(0);
    view.rerender(<UpdatePrompt updates={updates} holdBack={false} />);
    await flush();
    expect(shown.toasts).toHaveLength(1);
  });

  it('"Later" keeps the offer away for this page', async () => {
    const updates = fakeUpdates();
    const view = render(<UpdatePrompt updates={updates} />);
    act(() => updates.waitingNow());
    await flush();
    act(() => void shown.toasts[0]!.buttons!.find((button) => typeof button !== 'string' && button.text === 'Later')!.handler?.());
    view.rerender(<UpdatePrompt updates={updates} />);
    await flush();
    expect(shown.toasts.filter((toast) => !toast.dismissed)).toHaveLength(0);
  });
});
