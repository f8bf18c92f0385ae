import type { Adapter, AdapterFactory, AdapterPayload } from 'oidc-provider';
// oidc-provider's own in-memory store (no package exports: the deep path is the module itself).
import { createMemoryAdapter } from 'oidc-provider/lib/adapters/memory_adapter.js';

/**
 * Seconds a rotated refresh token is still accepted (and rotated again). Production providers offer
 * this for public clients (Okta's rotation grace period, Auth0's reuse interval, Ory Hydra's grace
 * period): the provider rotates the token when it answers, so a page that goes away while the answer
 * is on the wire (a tap on another module, a reload, the OS killing the app) never stores the new
 * one, and no browser client can get it back. Within the window the next start renews with the
 * token it still holds; after it, reuse is a replay and revokes the whole grant as before.
 */
export const REFRESH_TOKEN_REUSE_S = 30;

/**
 * oidc-provider's memory adapter, except that a refresh token consumed less than `windowS` ago is
 * found as not consumed (its first consumption time is kept, so the window does not slide).
 */
export function refreshTokenReuseWindow(windowS: number, now = () => Date.now() / 1000): AdapterFactory {
  const memory = createMemoryAdapter();
  return (model) => {
    const adapter = memory(model);
    if (model !== 'RefreshToken') return adapter;
    const withinWindow: Adapter = {
      upsert: (id, payload, expiresIn) => adapter.upsert(id, payload, expiresIn),
      findByUid: (uid) => adapter.findByUid(uid),
      findByUserCode: (userCode) => adapter.findByUserCode(userCode),
      destroy: (id) => adapter.destroy(id),
      revokeByGrantId: (grantId) => adapter.revokeByGrantId(grantId),
      async find(id) {
        const payload = await adapter.find(id);
        if (!payload?.consumed || now() - Number(payload.consumed) >= windowS) return payload;
        const { consumed: _consumed, ...unconsumed } = payload;
        return unconsumed as AdapterPayload;
      },
      async consume(id) {
        if (!(await adapter.find(id))?.consumed) await adapter.consume(id);
      },
    };
    return withinWindow;
  };
}
