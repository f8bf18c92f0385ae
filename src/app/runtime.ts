import { createContext, useContext } from 'react';
import { isAdminDomain, supportEmailForHost } from '../config/brand.ts';
import type { Brand, RuntimeConfig } from '../config/schema.ts';

/** Everything derived from the runtime config for this host, fixed for the page's lifetime. */
export interface Runtime {
  config: RuntimeConfig;
  brand: Brand;
  host: string;
  isAdminDomain: boolean;
  supportEmail: string;
  version: string;
}

export function createRuntime(config: RuntimeConfig, brand: Brand, host: string): Runtime {
  return {
    config,
    brand,
    host,
    isAdminDomain: isAdminDomain(config, host),
    supportEmail: supportEmailForHost(config, host),
    version: __APP_VERSION__,
  };
}

export const RuntimeContext = createContext<Runtime | null>(null);

export function useRuntime(): Runtime {
  const runtime = useContext(RuntimeContext);
  if (!runtime) throw new Error('useRuntime outside RuntimeContext');
  return runtime;
}
