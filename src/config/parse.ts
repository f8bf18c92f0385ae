import { runtimeConfigSchema, type Brand, type RuntimeConfig } from './schema.ts';
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
  const parsed = runtimeConfigSchema.safeParse(json);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => {
      const path = issue.path.map(String).join('.') || '(root)';
      return `${path}: ${issue.message}`;
    });
    return { ok: false, problem: { kind: 'invalid', issues } };
  }
  const brand = brandForHost(parsed.data, host);
  if (!brand) return { ok: false, problem: { kind: 'unknownHost', host } };
  return { ok: true, config: parsed.data, brand, host };
}
