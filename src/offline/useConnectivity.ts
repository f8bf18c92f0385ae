import { useSyncExternalStore } from 'react';
import { isBrowserOnline, subscribeConnectivity } from './connectivity.ts';

const subscribe = (onChange: () => void) => subscribeConnectivity(onChange);

/** The browser's connectivity, re-rendering on online / offline events. */
export function useConnectivity(): boolean {
  return useSyncExternalStore(subscribe, isBrowserOnline);
}
