import { checkRuntimeConfig, type Brand, type RuntimeConfig } from './schema.ts';
import { brandForHost } from './brand.ts';

/** Why the runtime configuration cannot be used; rendered by the WebsiteConfigNotFound page. */
export type ConfigProblem =
  | { kind: 'unreachable'; status: number | null }
  | { kind: 'notJson' }
  | { kind: 'invalid'; issues: string[] }
  | { kind: 'unknownHost'; host: string };

export type ConfigResult =
  | { ok: true; config: RuntimeConfig; brand: Brand; host: string }
  | { ok: false; problem: ConfigProblem };

/** Validates parsed JSON and picks the brand of `host`. Pure: the loader does the fetching. */
export function parseRuntimeConfig(json: unknown, host: string): ConfigResult {
  const checked = checkRuntimeConfig(json);
  if (!checked.ok) return { ok: false, problem: { kind: 'invalid', issues: checked.issues.map(({ path, message }) => `${path || '(root)'}: ${message}`) } };
  const brand = brandForHost(checked.config, host);
  if (!brand) return { ok: false, problem: { kind: 'unknownHost', host } };
  return { ok: true, config: checked.config, brand, host };
}
