import { useTranslation } from 'react-i18next';
import { useRuntime } from '../context/runtime.ts';
import { missingPermissions } from '../gating/explain.ts';
import { useAccessText } from './access-text.ts';
import { useNavigation } from '../navigation/navigation-context.ts';
import type { Resolution } from '../navigation/resolve-route.ts';
import { ErrorPage } from '../pages/ErrorPage.tsx';
import { AccessExplanation } from './AccessExplanation.tsx';
import { notFoundHeading } from './describe.ts';
import { useRequester } from './requester.ts';

export type ExplainedResolution = Extract<Resolution, { kind: 'forbidden' | 'noSite' | 'notFound' }>;

/**
 * The 403/404 page for an address the user tried inside the shell, saying why: 403 for
 * a missing permission or site, 404 naming offline mode, the seller or the admin site when that is
 * the reason. A lazy chunk: nothing of it loads until a refusal shows.
 */
export default function ExplainedErrorPage({ path, resolution }: { path: string; resolution: ExplainedResolution }) {
  const { t } = useTranslation();
  const ta = useAccessText();
  const { titleOf } = useNavigation();
  const runtime = useRuntime();
  const requester = useRequester();
  const route = resolution.route ?? null;
  const reasons = resolution.reasons ?? [];
  const code = resolution.kind === 'notFound' ? 404 : 403;
  const message =
    resolution.kind === 'noSite'
      ? t('Messages.NoValidSite', { email: runtime.supportEmail })
      : resolution.kind === 'notFound'
        ? (notFoundHeading(reasons, ta) ?? undefined)
        : undefined;
  return (
    <ErrorPage code={code} message={message}>
      {route && (
        <AccessExplanation
          path={path}
          title={titleOf(route)}
          reasons={reasons}
          missing={missingPermissions({ allowed: false, reasons })}
          requester={requester}
          requestable={code === 403}
        />
      )}
    </ErrorPage>
  );
}
