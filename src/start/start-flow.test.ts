import { describe, expect, it, vi } from 'vitest';
import type { SnapshotRead } from './snapshot.ts';
import { StartFlow, type StartFlowDeps } from './start-flow.ts';
import { shellContext, type StartupState } from './startup.ts';
import type { ShellParts } from '../context/shell.ts';
import { shellParts, site } from './testing.ts';

const parts = (overrides: Partial<ShellParts> = {}) => shellParts({ flags: {}, sites: [site(5)], ...overrides });
const snapshotContext = shellContext(parts());
const { user } = snapshotContext;

/** Deps whose start-up sequence answers when the test says; timers and connectivity are in the test's hands. */
function setup(overrides: Partial<StartFlowDeps> & { snapshot?: SnapshotRead } = {}) {
  let answer!: (state: StartupState) => void;
  const timers: Array<() => void> = [];
  let connectionReturns: () => void = () => undefined;
  const deps: StartFlowDeps = {
    mode: 'online',
    user,
    readSnapshot: async () => overrides.snapshot ?? { kind: 'none' },
    refreshUser: vi.fn(async () => user),
    runStartup: vi.fn((_user, onStep) => {
      onStep('sellers');
      return new Promise<StartupState>((resolve) => (answer = resolve));
    }),
    saveSnapshot: vi.fn(async () => undefined),
    onContext: vi.fn(),
    deadlineMs: 8000,
    onConnectionReturn: (listener) => ((connectionReturns = listener), () => undefined),
    setTimer: (callback) => (timers.push(callback), () => timers.splice(timers.indexOf(callback), 1)),
    ...overrides,
  };
  const flow = new StartFlow(deps);
  return { flow, deps, answer: (state: StartupState) => answer(state), deadlinePasses: () => timers.forEach((timer) => timer()), connectionReturns: () => connectionReturns() };
}

describe('StartFlow', () => {
  it('first start: the spinner names the step; ready draws the shell and stores the snapshot', async () => {
    const { flow, deps, answer } = setup();
    void flow.start();
    await vi.waitFor(() => expect(flow.getState()).toEqual({ kind: 'loading', step: 'sellers' }));
    answer({ step: 'ready', context: snapshotContext });
    await vi.waitFor(() => expect(flow.getState()).toMatchObject({ kind: 'ready', entry: 'first' }));
    expect(deps.saveSnapshot).toHaveBeenCalledWith(snapshotContext);
    expect(deps.onContext).toHaveBeenCalledWith(snapshotContext);
  });

  it('the deadline turns the spinner into a page naming the step; Retry runs the sequence again', async () => {
    const { flow, deps, answer, deadlinePasses } = setup({ snapshot: { kind: 'stale' } });
    void flow.start();
    await vi.waitFor(() => expect(flow.getState().kind).toBe('loading'));
    deadlinePasses();
    expect(flow.getState()).toEqual({ kind: 'stalled', step: 'sellers', canContinueOffline: true });
    flow.retry();
    expect(deps.runStartup).toHaveBeenCalledTimes(2);
    answer({ step: 'ready', context: snapshotContext });
    await vi.waitFor(() => expect(flow.getState()).toMatchObject({ kind: 'ready', entry: 'first' }));
  });

  it('an earlier release’s snapshot runs the full start, and is there to continue offline with', async () => {
    const { flow, deps, deadlinePasses } = setup({ snapshot: { kind: 'otherRelease' } });
    void flow.start();
    await vi.waitFor(() => expect(flow.getState().kind).toBe('loading'));
    expect(deps.runStartup).toHaveBeenCalledOnce();
    deadlinePasses();
    expect(flow.getState()).toMatchObject({ kind: 'stalled', canContinueOffline: true });
  });

  it('without an older snapshot there is nothing to continue offline with', async () => {
    const { flow, deadlinePasses } = setup();
    void flow.start();
    await vi.waitFor(() => expect(flow.getState().kind).toBe('loading'));
    deadlinePasses();
    expect(flow.getState()).toMatchObject({ kind: 'stalled', canContinueOffline: false });
  });

  it('a failed start resumes by itself when the connection returns', async () => {
    const { flow, deps, answer, connectionReturns } = setup();
    void flow.start();
    await vi.waitFor(() => expect(flow.getState().kind).toBe('loading'));
    answer({ step: 'sellerLoadFailed', user });
    await vi.waitFor(() => expect(flow.getState()).toMatchObject({ kind: 'blocked', state: { step: 'sellerLoadFailed' } }));
    connectionReturns();
    expect(deps.runStartup).toHaveBeenCalledTimes(2);
    answer({ step: 'ready', context: snapshotContext });
    await vi.waitFor(() => expect(flow.getState()).toMatchObject({ kind: 'ready' }));
  });

  it('an answer of an abandoned attempt is ignored', async () => {
    const runs: Array<(state: StartupState) => void> = [];
    const { flow } = setup({ runStartup: () => new Promise((resolve) => runs.push(resolve)) });
    void flow.start();
    await vi.waitFor(() => expect(runs).toHaveLength(1));
    flow.retry();
    runs[0]!({ step: 'noValidSeller', user });
    await Promise.resolve();
    expect(flow.getState().kind).toBe('loading');
    runs[1]!({ step: 'ready', context: snapshotContext });
    await vi.waitFor(() => expect(flow.getState().kind).toBe('ready'));
  });

  it('snapshot start: the shell is drawn before the sequence answers, then what changed is applied in place', async () => {
    const { flow, deps, answer } = setup({ snapshot: { kind: 'usable', context: snapshotContext, savedAt: 1 } });
    void flow.start();
    await vi.waitFor(() => expect(flow.getState()).toMatchObject({ kind: 'ready', entry: 'snapshot', context: snapshotContext }));
    await vi.waitFor(() => expect(deps.runStartup).toHaveBeenCalled());
    const fresh = shellContext(parts({ flags: { newFlag: true } }));
    answer({ step: 'ready', context: fresh });
    await vi.waitFor(() => expect(flow.getState()).toMatchObject({ kind: 'ready', context: fresh }));
    expect(deps.saveSnapshot).toHaveBeenLastCalledWith(fresh);
  });

  it('snapshot start: the revalidation waits until the drawn shell has had its moment, and not at all once disposed', async () => {
    let drawn: () => void = () => undefined;
    const { flow, deps } = setup({ snapshot: { kind: 'usable', context: snapshotContext, savedAt: 1 }, behindShell: (run) => ((drawn = run), () => undefined) });
    void flow.start();
    await vi.waitFor(() => expect(flow.getState()).toMatchObject({ kind: 'ready', entry: 'snapshot' }));
    await Promise.resolve();
    expect(deps.refreshUser).not.toHaveBeenCalled();
    drawn();
    await vi.waitFor(() => expect(deps.refreshUser).toHaveBeenCalledOnce());

    const disposed = setup({ snapshot: { kind: 'usable', context: snapshotContext, savedAt: 1 }, behindShell: (run) => ((drawn = run), () => undefined) });
    void disposed.flow.start();
    await vi.waitFor(() => expect(disposed.flow.getState()).toMatchObject({ kind: 'ready' }));
    disposed.flow.dispose();
    drawn();
    await Promise.resolve();
    expect(disposed.deps.refreshUser).not.toHaveBeenCalled();
  });

  it('snapshot start: nothing changed keeps the drawn context object (no re-render) and stamps the snapshot', async () => {
    const { flow, deps, answer } = setup({ snapshot: { kind: 'usable', context: snapshotContext, savedAt: 1 } });
    void flow.start();
    await vi.waitFor(() => expect(deps.runStartup).toHaveBeenCalled());
    const drawn = flow.getState();
    answer({ step: 'ready', context: shellContext(parts()) });
    await vi.waitFor(() => expect(deps.saveSnapshot).toHaveBeenCalledWith(snapshotContext));
    expect(flow.getState()).toBe(drawn);
  });

  it.each([
    ['the seller is gone', { step: 'noValidSeller', user } as StartupState, { kind: 'blocked', state: { step: 'noValidSeller' } }],
    ['the site is gone', { step: 'ready', context: shellContext(parts({ site: null, sites: [] })) } as StartupState, { kind: 'ready', siteInvalid: true, context: snapshotContext }],
  ])('snapshot start: %s', async (_case, fresh, expected) => {
    const { flow, deps, answer } = setup({ snapshot: { kind: 'usable', context: snapshotContext, savedAt: 1 } });
    void flow.start();
    await vi.waitFor(() => expect(deps.runStartup).toHaveBeenCalled());
    answer(fresh);
    await vi.waitFor(() => expect(flow.getState()).toMatchObject(expected));
  });

  it('snapshot start: a session that cannot be renewed runs nothing more (sign-in takes over)', async () => {
    const { flow, deps } = setup({ snapshot: { kind: 'usable', context: snapshotContext, savedAt: 1 }, refreshUser: vi.fn(async () => null) });
    await flow.start();
    expect(deps.runStartup).not.toHaveBeenCalled();
  });

  it('snapshot start: an API out of reach keeps the drawn shell and revalidates when the connection returns', async () => {
    const { flow, deps, answer, connectionReturns } = setup({ snapshot: { kind: 'usable', context: snapshotContext, savedAt: 1 } });
    void flow.start();
    await vi.waitFor(() => expect(deps.runStartup).toHaveBeenCalledTimes(1));
    answer({ step: 'sellerLoadFailed', user });
    await Promise.resolve();
    expect(flow.getState()).toMatchObject({ kind: 'ready', context: snapshotContext });
    connectionReturns();
    await vi.waitFor(() => expect(deps.runStartup).toHaveBeenCalledTimes(2));
  });

  describe('with the snapshot read before the flow began (snapshotNow: the first render draws from it)', () => {
    const usable: SnapshotRead = { kind: 'usable', context: snapshotContext, savedAt: 1 };

    it('begins drawn: the shell is its state from the start, its context followed, and start() revalidates without reading again', async () => {
      const subscriber = vi.fn();
      const readSnapshot = vi.fn(async (): Promise<SnapshotRead> => ({ kind: 'none' }));
      const { flow, deps, answer } = setup({ snapshotNow: () => usable, readSnapshot });
      expect(flow.getState()).toEqual({ kind: 'ready', entry: 'snapshot', context: snapshotContext, siteInvalid: false });
      expect(deps.onContext).toHaveBeenCalledExactlyOnceWith(snapshotContext);
      flow.subscribe(subscriber);
      const drawn = flow.getState();
      void flow.start();
      await vi.waitFor(() => expect(deps.runStartup).toHaveBeenCalledOnce());
      expect(readSnapshot).not.toHaveBeenCalled();
      // Not drawn a second time: the same state, nobody told.
      expect(flow.getState()).toBe(drawn);
      expect(subscriber).not.toHaveBeenCalled();
      answer({ step: 'ready', context: snapshotContext });
      await vi.waitFor(() => expect(deps.saveSnapshot).toHaveBeenCalledWith(snapshotContext));
      expect(deps.onContext).toHaveBeenCalledOnce();
    });

    it('one that cannot be drawn online (stale, another release) leaves the spinner and runs the full start, without reading again', async () => {
      const readSnapshot = vi.fn(async (): Promise<SnapshotRead> => usable);
      const { flow, deps, deadlinePasses } = setup({ snapshotNow: () => ({ kind: 'stale' }), readSnapshot });
      expect(flow.getState()).toEqual({ kind: 'loading', step: 'session' });
      expect(deps.onContext).not.toHaveBeenCalled();
      void flow.start();
      await vi.waitFor(() => expect(flow.getState()).toEqual({ kind: 'loading', step: 'sellers' }));
      expect(readSnapshot).not.toHaveBeenCalled();
      deadlinePasses();
      expect(flow.getState()).toMatchObject({ kind: 'stalled', canContinueOffline: true });
    });

    it('offline: the shell from the start, or the no-offline-data page; nothing else runs', async () => {
      const drawn = setup({ mode: 'offline', user: null, snapshotNow: () => usable });
      expect(drawn.flow.getState()).toMatchObject({ kind: 'ready', entry: 'offline', context: snapshotContext });
      await drawn.flow.start();
      expect(drawn.deps.runStartup).not.toHaveBeenCalled();
      expect(drawn.deps.refreshUser).not.toHaveBeenCalled();

      const none = setup({ mode: 'offline', user: null, snapshotNow: () => ({ kind: 'none' }) });
      expect(none.flow.getState()).toEqual({ kind: 'noOfflineData' });
    });

    it('not read yet (null): the flow reads it when it starts, as before', async () => {
      const { flow } = setup({ snapshotNow: () => null, snapshot: usable });
      expect(flow.getState().kind).toBe('loading');
      void flow.start();
      await vi.waitFor(() => expect(flow.getState()).toMatchObject({ kind: 'ready', entry: 'snapshot' }));
    });
  });

  it('offline: the snapshot is drawn and nothing else runs; without one, the no-offline-data page', async () => {
    const drawn = setup({ mode: 'offline', user: null, snapshot: { kind: 'usable', context: snapshotContext, savedAt: 1 } });
    await drawn.flow.start();
    expect(drawn.flow.getState()).toMatchObject({ kind: 'ready', entry: 'offline' });
    expect(drawn.deps.runStartup).not.toHaveBeenCalled();
    expect(drawn.deps.refreshUser).not.toHaveBeenCalled();

    const none = setup({ mode: 'offline', user: null });
    await none.flow.start();
    expect(none.flow.getState()).toEqual({ kind: 'noOfflineData' });
  });
});
