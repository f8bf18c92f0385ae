import { createContext, useContext } from 'react';
import type { PortalApi } from './portal-api.ts';

/**
 * The signed-in page's API client, provided by the app (as react-admin injects its data provider):
 * screens call `usePortalApi()` instead of reaching for the app's services.
 */
export const PortalApiContext = createContext<PortalApi | null>(null);

export function usePortalApi(): PortalApi {
  const api = useContext(PortalApiContext);
  if (!api) throw new Error('usePortalApi outside a signed-in page');
  return api;
}
