import { createContext, useContext } from 'react';
import type { RouteItem } from '../catalogue/types.ts';
import type { MenuEntry } from '../gating/visibility.ts';
import type { Resolution, RouteResolver } from './resolve-route.ts';

/** The signed-in user's navigation: what they may open, where they are, and how to open an item. */
export interface Navigation {
  menu: readonly MenuEntry[];
  resolver: RouteResolver;
  /** Title of a catalogue item in the current language. */
  titleOf(item: RouteItem): string;
  /** Opens a menu or search item: a portal route (guarded while editing), an external link, or a modal frame. */
  open(item: RouteItem): void;
  /** In-app navigation, asking first while a frame has unsaved edits. */
  go(path: string, options?: { replace?: boolean }): void;
}

export const NavigationContext = createContext<Navigation | null>(null);

/**
 * The resolution of the current address, in a context of its own: it changes on every navigation,
 * and the menu (which reads only the stable Navigation) must not re-render with it.
 */
export const CurrentRouteContext = createContext<Resolution>({ kind: 'notFound' });

export function useCurrentRoute(): Resolution {
  return useContext(CurrentRouteContext);
}

export function useNavigation(): Navigation {
  const navigation = useContext(NavigationContext);
  if (!navigation) throw new Error('useNavigation outside the signed-in shell');
  return navigation;
}
