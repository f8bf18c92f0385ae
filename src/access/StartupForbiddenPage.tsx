import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { CALL_PERMISSIONS } from '../api/call-permissions.ts';
import type { PortalUser } from '../context/user.ts';
import { useRuntime } from '../context/runtime.ts';
import { ALL_ROUTES } from '../catalogue/index.ts';
import { perm } from '../catalogue/define.ts';
import { indexGrants, meetsRequirement } from '../gating/permissions.ts';
import { compileRouteMap } from '../gating/route-map.ts';
import { useAccessText } from './access-text.ts';
import { ErrorPage } from '../pages/ErrorPage.tsx';
import { AccessExplanation } from './AccessExplanation.tsx';
import { triedPath } from './tried-path.ts';

export interface StartupForbiddenProps {
  readonly user: PortalUser;
}

/**
 * Start-up's 403 (the API refused the user's own sellers, so no page can open): names the page
 * the user tried, the permission the refused call needs, and offers a prefilled access request.
 */
export default function StartupForbiddenPage({ user }: StartupForbiddenProps) {
  const t = useAccessText();
  const { t: tr } = useTranslation('routes');
  const runtime = useRuntime();
  const location = useLocation();
  const path = triedPath(location.state) ?? location.pathname;
  const matched = compileRouteMap(ALL_ROUTES).match(path)?.route;
  // The error pages themselves are not "a page the user tried".
  const route = matched && !matched.shellPage ? matched : null;
  const grants = indexGrants(user.permissions, user.roles);
  const missing = [CALL_PERMISSIONS.sellerList].filter((permission) => !meetsRequirement(grants, perm(permission)));
  return (
    <ErrorPage code={403}>
      <p>{t('Startup.SellersRefused')}</p>
      <AccessExplanation
        path={path}
        title={route ? tr(route.title) : null}
        reasons={[]}
        missing={missing}
        requester={{ email: runtime.supportEmail, userId: user.sub, seller: null, platform: user.platformClaim ? String(user.platformClaim) : null }}
        requestable
      />
    </ErrorPage>
  );
}

