import { createContext, useContext } from 'react';
import type { Runtime } from '../config/runtime.ts';

/** The page's runtime (config/runtime.ts), provided once by the app. */
export const RuntimeContext = createContext<Runtime | null>(null);

export function useRuntime(): Runtime {
  const runtime = useContext(RuntimeContext);
  if (!runtime) throw new Error('useRuntime outside RuntimeContext');
  return runtime;
}
