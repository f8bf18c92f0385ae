import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Runtime } from '../config/runtime.ts';
import { Session } from '../session/session.ts';
import { beginEarlyRead, takeEarlyRead } from '../offline/early-read.ts';
import { composePage, composeSession } from './composition.ts';

const runtime = { config: { oidc: { authority: 'https://id.test', clientId: 'portal', scope: 'openid' } }, sharedDevice: null } as unknown as Runtime;

describe('composeSession', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    window.history.pushState(null, '', '/');
  });

  it('back from the provider, starts exchanging the code at once, before any page is drawn', () => {
    const completeLogin = vi.spyOn(Session.prototype, 'completeLogin').mockResolvedValue('/');
    window.history.pushState(null, '', '/callback?code=abc&state=xyz');
    composeSession(runtime);
    expect(completeLogin).toHaveBeenCalledOnce();
  });

  it('anywhere else, exchanges nothing', () => {
    const completeLogin = vi.spyOn(Session.prototype, 'completeLogin').mockResolvedValue('/');
    window.history.pushState(null, '', '/cashier/orders');
    composeSession(runtime);
    expect(completeLogin).not.toHaveBeenCalled();
  });
});

describe('composePage', () => {
  it('takes up the read of the start snapshot that the boot step began', async () => {
    beginEarlyRead('snapshot');
    const page = composePage();
    expect(takeEarlyRead('snapshot')).toBeNull();
    expect(await page.takeEarlySnapshot()).toBeUndefined();
  });
});
