import { parseRuntimeConfig, type ConfigResult } from './parse.ts';

export const CONFIG_PATH = '/config.json';
/** No config yet, so no configured deadline: the default start-up deadline (8 s) bounds this fetch. */
export const CONFIG_TIMEOUT_MS = 8000;

/** Asks for /config.json. index.html preloads it; the service worker answers from its copy at once and revalidates behind the start (sw/sw.ts). */
export const fetchRuntimeConfig = (): Promise<Response> => fetch(CONFIG_PATH, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(CONFIG_TIMEOUT_MS) });

/**
 * Loads /config.json beside the app: `early` is the boot step's request of it when it made one
 * (start/early-calls.ts); if that failed, it is asked for again.
 */
export async function loadRuntimeConfig(host = location.host, early: Promise<Response> | null = null): Promise<ConfigResult> {
  let response: Response;
  try {
    response = await (early ? early.catch(fetchRuntimeConfig) : fetchRuntimeConfig());
  } catch {
    return { ok: false, problem: { kind: 'unreachable', status: null } };
  }
  if (!response.ok) return { ok: false, problem: { kind: 'unreachable', status: response.status } };
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    return { ok: false, problem: { kind: 'notJson' } };
  }
  return parseRuntimeConfig(json, host);
}

/**
 * A config that changed while the page runs applies at the next start, except where the page cannot
 * go on with the old one: another brand for this host (name, logo, colours) or another identity
 * provider. An invalid new config changes nothing now (the next start names its problem).
 */
export function appliesAtOnce(running: Extract<ConfigResult, { ok: true }>, next: ConfigResult): boolean {
  if (!next.ok) return false;
  return JSON.stringify(running.brand) !== JSON.stringify(next.brand) || JSON.stringify(running.config.oidc) !== JSON.stringify(next.config.oidc);
}
