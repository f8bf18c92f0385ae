import type { Reason } from '../gating/explain.ts';

/**
 * Plain words for the reasons of `explain` (keys of the `access` namespace) and the prefilled
 * request-access mail. Pure: the translator is passed in.
 */

export type Translate = (key: string, values?: Record<string, string>) => string;

const cap = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Key suffix shared by the short and long texts of a reason. */
function variant(reason: Reason): string {
  switch (reason.kind) {
    case 'seller':
      return `seller${cap(reason.rule)}`;
    default:
      return reason.kind;
  }
}

/** One line, for menu search and filters: "Missing permission", "Not available offline"… */
export function shortReason(reason: Reason, t: Translate): string {
  return t(`Short.${variant(reason)}`);
}

/** A sentence for the 403/404 pages and the support view. */
export function longReason(reason: Reason, t: Translate): string {
  switch (reason.kind) {
    case 'permission':
      return t(`Long.permission${cap(reason.rule)}`);
    case 'flagOff':
    case 'flagOn':
      return t(`Long.${reason.kind}`, { flag: reason.flagKey });
    case 'environment':
      return t('Long.environment', { environments: reason.environments.join(', ') });
    case 'websiteNotConfigured':
      return t(`Long.websiteNotConfigured${cap(reason.website)}`);
    default:
      return t(`Long.${variant(reason)}`);
  }
}

/** The 404 variants that name their reason (offline mode, the seller, the administration site); other hidden routes keep the plain 404 heading. */
export function notFoundHeading(reasons: readonly Reason[], t: Translate): string | null {
  if (reasons.some((reason) => reason.kind === 'offline')) return t('NotFound.offline');
  if (reasons.some((reason) => reason.kind === 'adminDomain')) return t('NotFound.adminDomain');
  if (reasons.some((reason) => reason.kind === 'seller' && reason.rule === 'comboPromotion')) return t('NotFound.seller');
  return null;
}

export interface AccessRequest {
  /** The support address of the host (the one the no-valid-seller message shows). */
  readonly email: string;
  readonly path: string;
  readonly title: string;
  readonly missing: readonly string[];
  readonly reasons: readonly Reason[];
  readonly userId: string;
  /** Display name and id, or null when none is chosen. */
  readonly seller: string | null;
  readonly platform: string | null;
}

/** A mailto: address with subject and body prefilled: route, title, missing permissions, user, seller and platform. */
export function requestAccessHref(request: AccessRequest, t: Translate): string {
  const none = t('Mail.None');
  const lines = [
    t('Mail.Intro'),
    '',
    t('Mail.Page', { title: request.title }),
    t('Mail.Address', { path: request.path }),
    t('Mail.Missing', { permissions: request.missing.join(', ') || none }),
    // A refused start-up call names its missing permission above and has no route reasons: no "Reasons: none".
    ...(request.reasons.length > 0 ? [t('Mail.Reasons', { reasons: request.reasons.map((reason) => shortReason(reason, t)).join('; ') })] : []),
    t('Mail.User', { userId: request.userId }),
    t('Mail.Seller', { seller: request.seller ?? none }),
    t('Mail.Platform', { platform: request.platform ?? none }),
  ];
  const subject = encodeURIComponent(t('Mail.Subject', { title: request.title }));
  return `mailto:${request.email}?subject=${subject}&body=${encodeURIComponent(lines.join('\n'))}`;
}
