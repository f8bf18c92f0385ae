import { createContext, useContext } from 'react';
import type { Services } from './services.ts';
import type { ShellContextValue } from './startup.ts';

/** The ready shell's user, flags and platform/seller/site, plus the services of this page. */
export const ShellContext = createContext<(ShellContextValue & { services: Services }) | null>(null);

export function useShell(): ShellContextValue & { services: Services } {
  const shell = useContext(ShellContext);
  if (!shell) throw new Error('useShell outside a ready shell');
  return shell;
}
