import { Page } from '../ui/Page.tsx';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import type { RouteItem } from '../catalogue/types.ts';
import { buildRedirectUrl } from '../gating/frame-src.ts';
import { deferred } from '../ui/deferred.tsx';
import { withDeferredTexts } from '../i18n/index.ts';
import { ErrorPage } from '../pages/ErrorPage.tsx';
import { useCurrentRoute, useNavigation } from '../navigation/navigation-context.ts';
import { useAddressContext, useSellerSupport } from '../navigation/hooks.ts';
import { AccessExplorer, ExplainedError } from '../access/lazy.tsx';
import { triedPath, triedState } from '../access/tried-path.ts';

// Pages of a few routes only: their code loads when one is opened, not at every start.
const UpgradingPage = deferred(() => withDeferredTexts(import('../maintenance/UpgradingPage.tsx')).then((module) => module.UpgradingPage));
const ExportHistoryPage = deferred(() => withDeferredTexts(import('../pages/ExportHistoryPage.tsx')).then((module) => module.ExportHistoryPage));
const SellerSupportGate = deferred(() => withDeferredTexts(import('../navigation/SellerSupportGate.tsx')).then((module) => module.SellerSupportGate));

/** The content area for the current address: frames are drawn by the frame host above this page. */
export function CatalogueRoutePage() {
  const { go } = useNavigation();
  const current = useCurrentRoute();
  const location = useLocation();
  const support = useSellerSupport(current.kind === 'route' || current.kind === 'sellerNotSupported' ? current.route : null);
  const tried = triedPath(location.state);

  switch (current.kind) {
    case 'notFound':
      // A hidden route goes to /404 remembering the address, so the page can say why.
      return <Navigate to="/404" replace state={current.route ? triedState(location.pathname) : undefined} />;
    case 'forbidden':
      return <Navigate to="/403" replace state={triedState(location.pathname)} />;
    case 'noSite':
      return <ExplainedError path={location.pathname} resolution={current} />;
    case 'sellerNotSupported':
      return support.kind === 'supported' ? null : <SellerSupportGate outcome={support} />;
    case 'route':
      break;
  }
  const { route, params } = current;
  if (route.redirectTo) return <Navigate to={route.redirectTo} replace />;
  switch (route.shellPage) {
    case 'forbidden':
    case 'notFound':
      return <TriedPage code={route.shellPage === 'forbidden' ? 403 : 404} tried={tried} />;
    case 'serverError':
      return <ErrorPage code={500} />;
    case 'upgrading':
      return <UpgradingPage search={location.search} navigate={(path) => go(path, { replace: true })} />;
    case 'exportHistory':
      return <ExportHistoryPage exportType={params.exportType ?? route.path.split('/').pop() ?? ''} />;
    case 'accessExplorer':
      return <AccessExplorer />;
    case undefined:
      break;
  }
  if (route.redirectOutside) return <LeavingPage route={route} params={params} />;
  if (support.kind !== 'supported') return <SellerSupportGate outcome={support} />;
  // A framed route: an empty page, the frame host shows the frame over it.
  return <div className="ion-page frame-route" />;
}

/** /403 or /404 after a refused address: explained when that address still names a closed route. */
function TriedPage({ code, tried }: { code: 403 | 404; tried: string | null }) {
  const { resolver } = useNavigation();
  const resolution = tried ? resolver.resolve(tried) : null;
  const explained = resolution && (resolution.kind === 'forbidden' || resolution.kind === 'notFound') && resolution.route ? resolution : null;
  if (!tried || !explained || (code === 403) !== (explained.kind === 'forbidden')) return <ErrorPage code={code} />;
  return <ExplainedError path={tried} resolution={explained} />;
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
