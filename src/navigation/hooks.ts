import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Seller } from '../api/portal-api.ts';
import { useRuntime } from '../context/runtime.ts';
import { useShell } from '../context/shell.ts';
import type { RouteItem } from '../catalogue/types.ts';
import type { AddressContext } from '../gating/frame-src.ts';
import type { Language } from '../i18n/languages.ts';
import { sellerSupportFor, type SellerSupportOutcome } from './seller-support.ts';

/** What frame and redirect addresses are built from: app bases, language, sign-in ids, user and seller. */
export function useAddressContext(): AddressContext {
  const { config } = useRuntime();
  const { user, seller } = useShell();
  const { i18n } = useTranslation();
  return useMemo(
    () => ({
      apps: config.apps,
      language: i18n.language as Language,
      clientId: config.oidc.clientId,
      oidcDomain: config.oidc.domain,
      userId: user.sub,
      sellerId: seller.id,
    }),
    [config, i18n.language, user.sub, seller.id],
  );
}

export function useSellerSupport(route: RouteItem | null): SellerSupportOutcome<Seller> {
  const { config } = useRuntime();
  const { seller, sellers } = useShell();
  return useMemo(() => sellerSupportFor(route?.sellerSupport, config.sellerSupport, seller.id, sellers), [route, config.sellerSupport, seller.id, sellers]);
}
