import { createContext, useContext } from 'react';
import type { NumberDisplayFormat, Seller, Site, UpgradeWindowConfig, Website } from '../api/portal-api.ts';
import type { FlagValues } from '../flags/flagr.ts';
import type { StoredPlatform } from './choices.ts';
import type { PortalUser } from './user.ts';

/** What the shell is drawn from: the sequence's result, stored as the start snapshot. */
export interface ShellParts {
  user: PortalUser;
  flags: FlagValues;
  platform: StoredPlatform | null;
  seller: Seller;
  /** The user's sellers on the current platform. */
  sellers: Seller[];
  site: Site | null;
  sites: Site[];
  websites: Website[];
  numberFormat: NumberDisplayFormat;
  /** The seller's platform format, for routes with isUsePlatformConfigBySeller. */
  sellerNumberFormat: NumberDisplayFormat;
  /** Maintenance windows (GET /api/v1/upgrade-time), fetched alongside start-up. */
  upgradeWindows: UpgradeWindowConfig[];
}

export interface ShellContextValue extends ShellParts {
  websiteIds: { web: string | null; app: string | null };
  can: { switchPlatform: boolean; switchSeller: boolean; switchSite: boolean };
}

/** The ready shell's user, flags and platform/seller/site (the API client is in api/context.ts). */
export const ShellContext = createContext<ShellContextValue | null>(null);

export function useShell(): ShellContextValue {
  const shell = useContext(ShellContext);
  if (!shell) throw new Error('useShell outside a ready shell');
  return shell;
}
