import { Page } from '../shell/Page.tsx';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router-dom';
import { useRuntime } from '../app/runtime.ts';
import type { RouteItem } from '../catalogue/types.ts';
import { buildRedirectUrl } from '../gating/frame-src.ts';
import { UpgradingPage } from '../maintenance/UpgradingPage.tsx';
import { ErrorPage } from '../pages/ErrorPage.tsx';
import { ExportHistoryPage } from '../pages/ExportHistoryPage.tsx';
import { useCurrentRoute, useNavigation } from './navigation-context.ts';
import { SellerSupportGate } from './SellerSupportGate.tsx';
import { useAddressContext, useSellerSupport } from './hooks.ts';

/** The content area for the current address: frames are drawn by the frame host above this page. */
export function CatalogueRoutePage() {
  const { t } = useTranslation();
  const runtime = useRuntime();
  const { go } = useNavigation();
  const current = useCurrentRoute();
  const location = useLocation();
  const support = useSellerSupport(current.kind === 'route' ? current.route : null);

  switch (current.kind) {
    case 'notFound':
      return <Navigate to="/404" replace />;
    case 'forbidden':
      return <Navigate to="/403" replace />;
    case 'noSite':
      return <ErrorPage code={403} message={t('Messages.NoValidSite', { email: runtime.supportEmail })} />;
    case 'route':
      break;
  }
  const { route, params } = current;
  if (route.redirectTo) return <Navigate to={route.redirectTo} replace />;
  switch (route.shellPage) {
    case 'forbidden':
      return <ErrorPage code={403} />;
    case 'notFound':
      return <ErrorPage code={404} />;
    case 'serverError':
      return <ErrorPage code={500} />;
    case 'upgrading':
      return <UpgradingPage search={location.search} navigate={(path) => go(path, { replace: true })} />;
    case 'exportHistory':
      return <ExportHistoryPage exportType={params.exportType ?? route.path.split('/').pop() ?? ''} />;
    case undefined:
      break;
  }
  if (route.redirectOutside) return <LeavingPage route={route} params={params} />;
  if (support.kind !== 'supported') return <SellerSupportGate outcome={support} />;
  // A framed route: an empty page, the frame host shows the frame over it.
  return <div className="ion-page frame-route" />;
}

/** An external route opened by address leaves the portal; an invalid address shows an error instead. */
function LeavingPage({ route, params }: { route: RouteItem; params: Readonly<Record<string, string>> }) {
  const { t } = useTranslation();
  const { titleOf } = useNavigation();
  const address = useAddressContext();
  const url = buildRedirectUrl(route, params, address);
  useEffect(() => {
    if (url) location.assign(url);
  }, [url]);
  return (
    <Page>
        <main className="error-page" role={url ? 'status' : 'alert'}>
          <h1>{url ? t('Navigation.Leaving', { title: titleOf(route) }) : t('Navigation.InvalidAddress')}</h1>
        </main>
      </Page>
  );
}
