/**
 * Maps a path (from the address bar or sent by an embedded app) to a known portal route and its
 * params (shell.md §2 "Message-based route sync", §5). The patterns are compiled into a segment
 * tree once, so a look-up walks the path's segments instead of trying every route.
 */

export interface RouteMatch<R> {
  readonly route: R;
  readonly params: Readonly<Record<string, string>>;
}

export interface RouteMap<R> {
  /** The route the path names, or null: unknown paths never match. */
  match(path: string): RouteMatch<R> | null;
}

interface Node<R> {
  readonly literal: Map<string, Node<R>>;
  param: Node<R> | null;
  /** The first route compiled for the pattern ending here, with its param names in order. */
  end: { readonly route: R; readonly names: readonly string[] } | null;
}

const node = <R>(): Node<R> => ({ literal: new Map(), param: null, end: null });

/** Path segments without the query, hash or a trailing slash; null if not an absolute path. */
function segmentsOf(path: string): string[] | null {
  const bare = path.split(/[?#]/, 1)[0] as string;
  if (!bare.startsWith('/')) return null;
  const trimmed = bare.length > 1 && bare.endsWith('/') ? bare.slice(0, -1) : bare;
  return trimmed === '/' ? [] : trimmed.slice(1).split('/');
}

function decode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** A param value must be a real segment: not empty and not a dot segment. */
const isParamValue = (value: string) => value !== '' && value !== '.' && value !== '..';

export function compileRouteMap<R extends { readonly path: string }>(routes: readonly R[]): RouteMap<R> {
  const root = node<R>();
  for (const route of routes) {
    let current = root;
    const names: string[] = [];
    for (const segment of segmentsOf(route.path) ?? []) {
      if (segment.startsWith(':')) {
        names.push(segment.slice(1));
        current = current.param ??= node();
      } else {
        let next = current.literal.get(segment);
        if (!next) current.literal.set(segment, (next = node()));
        current = next;
      }
    }
    current.end ??= { route, names };
  }

  // Literal segments win over params (/orders/marketplace/search before /orders/marketplace/:id);
  // on a dead end the walk backs up and tries the param branch.
  const walk = (current: Node<R>, segments: readonly string[], index: number, values: string[]): RouteMatch<R> | null => {
    if (index === segments.length) {
      if (!current.end) return null;
      const { route, names } = current.end;
      return { route, params: Object.fromEntries(names.map((name, i) => [name, values[i] as string])) };
    }
    const segment = segments[index] as string;
    const literal = current.literal.get(segment);
    const found = literal ? walk(literal, segments, index + 1, values) : null;
    if (found || !current.param || !isParamValue(segment)) return found;
    values.push(segment);
    const viaParam = walk(current.param, segments, index + 1, values);
    values.pop();
    return viaParam;
  };

  return {
    match(path) {
      const raw = segmentsOf(path);
      if (!raw) return null;
      const segments: string[] = [];
      for (const segment of raw) {
        const decoded = decode(segment);
        if (decoded === null) return null;
        segments.push(decoded);
      }
      return walk(root, segments, 0, []);
    },
  };
}
