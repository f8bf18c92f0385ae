import { parseRuntimeConfig, type ConfigResult } from './parse.ts';

export const CONFIG_PATH = '/config.json';

/** Loads /config.json beside the app. The service worker serves it network-first, cache when offline. */
export async function loadRuntimeConfig(host = location.host): Promise<ConfigResult> {
  let response: Response;
  try {
    response = await fetch(CONFIG_PATH, { cache: 'no-cache', headers: { accept: 'application/json' } });
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
