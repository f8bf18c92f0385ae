import { lazy, Suspense } from 'react';
import { BootSpinner } from '../ui/BootSpinner.tsx';
import { ErrorPage } from '../pages/ErrorPage.tsx';
import type { ExplainedResolution } from './ExplainedErrorPage.tsx';
import type { StartupForbiddenProps } from './StartupForbiddenPage.tsx';

/**
 * The access explainer's entry points. Each loads its chunk (and the `access` texts) only when a
 * refusal shows, behind the plain error page: nothing of it is on the start-up path.
 */

const ExplainedErrorPage = lazy(() => import('./ExplainedErrorPage.tsx'));
const StartupForbiddenPage = lazy(() => import('./StartupForbiddenPage.tsx'));
const AccessExplorerPage = lazy(() => import('./AccessExplorerPage.tsx'));

export function ExplainedError({ path, resolution }: { path: string; resolution: ExplainedResolution }) {
  return (
    <Suspense fallback={<ErrorPage code={resolution.kind === 'notFound' ? 404 : 403} />}>
      <ExplainedErrorPage path={path} resolution={resolution} />
    </Suspense>
  );
}

export function StartupForbidden(props: StartupForbiddenProps) {
  return (
    <Suspense fallback={<ErrorPage code={403} />}>
      <StartupForbiddenPage {...props} />
    </Suspense>
  );
}

/** /internal/access-explorer, the support view. */
export function AccessExplorer() {
  return (
    <Suspense fallback={<BootSpinner />}>
      <AccessExplorerPage />
    </Suspense>
  );
}
