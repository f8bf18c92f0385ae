import { readStored, removeStored, writeStored } from '../storage/local.ts';

/**
 * A logout the identity provider has not confirmed yet: its session may still be alive there, and a
 * sign-in that found it would sign the person who left back in without a word. Marked as the person
 * leaves (every way out, on every device); cleared when the provider sends the page, or a shared
 * device's hidden frame, back from its end-session endpoint, or when someone signs in through its
 * form. Until then every sign-in asks for the provider's form (prompt=login), and the provider's
 * session is ended first, as soon as it can be reached (Session). The device's record: it says since
 * when, nothing of whom.
 */
const isRecord = (value: unknown): value is { since: number } =>
  typeof value === 'object' && value !== null && typeof (value as { since?: unknown }).since === 'number';

export const markLogoutUnconfirmed = (): void => writeStored('unconfirmedLogout', { since: Date.now() });

export const readUnconfirmedLogout = (): { since: number } | undefined => readStored('unconfirmedLogout', isRecord);

export const logoutUnconfirmed = (): boolean => readUnconfirmedLogout() !== undefined;

export const confirmLogout = (): void => removeStored('unconfirmedLogout');
