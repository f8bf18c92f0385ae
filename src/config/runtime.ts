import { isAdminDomain, supportEmailForHost } from './brand.ts';
import type { Brand, RuntimeConfig, SharedDevicePolicy } from './schema.ts';

/** Everything derived from the runtime config for this host, fixed for the page's lifetime. */
export interface Runtime {
  config: RuntimeConfig;
  brand: Brand;
  host: string;
  isAdminDomain: boolean;
  supportEmail: string;
  version: string;
  /** This host's shared-device policy (its brand's), or null: a personal device, as before. */
  sharedDevice: SharedDevicePolicy | null;
}

export function createRuntime(config: RuntimeConfig, brand: Brand, host: string): Runtime {
  return {
    config,
    brand,
    host,
    isAdminDomain: isAdminDomain(config, host),
    supportEmail: supportEmailForHost(config, host),
    version: __APP_VERSION__,
    sharedDevice: brand.sharedDevice ?? null,
  };
}
