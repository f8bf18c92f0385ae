import { withDeferredTexts } from '../i18n/index.ts';
import { ACCESS_NAMESPACE } from '../i18n/languages.ts';
import { BootSpinner } from '../ui/BootSpinner.tsx';
import { deferred } from '../ui/deferred.tsx';
import { ErrorPage } from '../pages/ErrorPage.tsx';
import type { ExplainedResolution } from './ExplainedErrorPage.tsx';
import type { StartupForbiddenProps } from './StartupForbiddenPage.tsx';

/**
 * The access explainer's entry points. Each loads its chunk with the `access` texts (both or neither) only when a
 * refusal shows, behind the plain error page: nothing of it is on the start-up path.
 */

export const ExplainedError = deferred(() => withDeferredTexts(import('./ExplainedErrorPage.tsx'), ACCESS_NAMESPACE).then((module) => module.default), {
  fallback: ({ resolution }: { path: string; resolution: ExplainedResolution }) => <ErrorPage code={resolution.kind === 'notFound' ? 404 : 403} />,
});

export const StartupForbidden = deferred<StartupForbiddenProps>(() => withDeferredTexts(import('./StartupForbiddenPage.tsx'), ACCESS_NAMESPACE).then((module) => module.default), {
  fallback: <ErrorPage code={403} />,
});

/** /internal/access-explorer, the support view. */
export const AccessExplorer = deferred(() => withDeferredTexts(import('./AccessExplorerPage.tsx'), ACCESS_NAMESPACE).then((module) => module.default), { fallback: <BootSpinner /> });
