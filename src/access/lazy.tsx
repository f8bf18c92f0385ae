import type { ComponentType } from 'react';
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
const withAccessTexts = <P extends object>(part: Promise<{ default: ComponentType<P> }>) => withDeferredTexts(part, ACCESS_NAMESPACE).then((module) => module.default);

export const ExplainedError = deferred(() => withAccessTexts(import('./ExplainedErrorPage.tsx')), {
  fallback: ({ resolution }: { path: string; resolution: ExplainedResolution }) => <ErrorPage code={resolution.kind === 'notFound' ? 404 : 403} />,
});

export const StartupForbidden = deferred<StartupForbiddenProps>(() => withAccessTexts(import('./StartupForbiddenPage.tsx')), {
  fallback: <ErrorPage code={403} />,
});

/** /internal/access-explorer, the support view. */
export const AccessExplorer = deferred(() => withAccessTexts(import('./AccessExplorerPage.tsx')), { fallback: <BootSpinner /> });
