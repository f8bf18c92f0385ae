import type { RouteItem } from '../catalogue/types.ts';
import { buildFrameSrc, type AddressContext } from '../gating/frame-src.ts';
import { originOf } from '../frames/origin.ts';

/** Where a route's frame points: its address (also its keep-alive key), app and origin, and the route's params. Pure. */
export interface FrameTarget {
  key: string;
  src: string;
  app: string;
  origin: string;
  params: Readonly<Record<string, string>>;
}

export function frameTargetFor(route: RouteItem, params: Readonly<Record<string, string>>, search: string, address: AddressContext): FrameTarget | null {
  if (!route.iFrameSrc) return null;
  const src = buildFrameSrc(route.iFrameSrc, params, search, address);
  const origin = src ? originOf(src) : null;
  return src && origin ? { key: src, src, app: route.iFrameSrc.app, origin, params } : null;
}
