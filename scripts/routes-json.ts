/**
 * Prints the whole route catalogue, flattened, as a JSON array (`npm run --silent routes:json`):
 * one object per item, parents before children, with `path` and every option that is set, under
 * the spec's option names. Groups list their children's paths. Other tools read this output, so
 * the names and their order are stable.
 */
import { flattenCatalogue } from '../src/catalogue/index.ts';
import { ROUTE_OPTION_NAMES, type RouteItem } from '../src/catalogue/types.ts';

function entry(item: RouteItem): Record<string, unknown> {
  const out: Record<string, unknown> = { path: item.path };
  for (const name of ROUTE_OPTION_NAMES) {
    const value = item[name];
    if (value === undefined) continue;
    out[name] = name === 'children' ? item.children?.map((child) => child.path) : value;
  }
  return out;
}

process.stdout.write(`${JSON.stringify(flattenCatalogue().map(entry), null, 2)}\n`);
