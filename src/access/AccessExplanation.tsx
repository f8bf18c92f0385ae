import type { Reason } from '../gating/explain.ts';
import { useAccessText } from './access-text.ts';
import { longReason, requestAccessHref } from './describe.ts';
import './access.css';

/** Who asks for access, for the prefilled mail: the host's support address and the user's context. */
export interface Requester {
  readonly email: string;
  readonly userId: string;
  readonly seller: string | null;
  readonly platform: string | null;
}

export interface AccessExplanationProps {
  readonly path: string;
  /** The page's translated title, or null when the address names no page. */
  readonly title: string | null;
  readonly reasons: readonly Reason[];
  /** Permission keys support needs, in addition to those of the reasons (a refused start-up call). */
  readonly missing: readonly string[];
  readonly requester: Requester;
  /** Offer "Request access" (refusals a grant can lift; not for pages hidden by host or mode). */
  readonly requestable: boolean;
}

/** The "why" under the 403/404 heading: the page tried, the reasons in plain words, the keys, a request. */
export function AccessExplanation({ path, title, reasons, missing, requester, requestable }: AccessExplanationProps) {
  const t = useAccessText();
  const shownTitle = title ?? path;
  return (
    <section className="access-explanation" aria-label={t('Why')}>
      {title && <p className="access-explanation__page">{t('PageTried', { title })}</p>}
      {reasons.length > 0 && (
        <ul className="access-explanation__reasons">
          {reasons.map((reason, index) => (
            <li key={index}>{longReason(reason, t)}</li>
          ))}
        </ul>
      )}
      {missing.length > 0 && (
        <div className="access-explanation__keys">
          <p>{t('PermissionKeys')}</p>
          <ul aria-label={t('PermissionKeysForSupport')}>
            {missing.map((key) => (
              <li key={key}>
                <code>{key}</code>
              </li>
            ))}
          </ul>
        </div>
      )}
      {requestable && (
        <a
          className="button button--primary access-explanation__request"
          href={requestAccessHref({ ...requester, path, title: shownTitle, missing, reasons }, t)}
        >
          {t('RequestAccess')}
        </a>
      )}
    </section>
  );
}
