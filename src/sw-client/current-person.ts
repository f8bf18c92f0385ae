/**
 * Whom the service worker may show a push message to (README "Shared devices"). Shared by the page
 * and the worker: no DOM or worker-only API.
 *
 * On a shared device a message meant for the previous person may arrive after they left. So the page
 * tells the worker who is signed in now — a salted SHA-256 digest of their `sub`, with a new salt each
 * time, never the sub itself — or that nobody is; the worker keeps only that, in its own cache, and
 * replaces it when told again. A message names its recipient in `data.user_id` (the id the device's
 * token was registered under); the worker shows it only when the recipient's digest under the kept
 * salt is the kept digest. When the shift ends the worker is told "nobody": nothing of that person
 * stays with it. On a personal device (the runtime config the worker keeps has no shared-device policy
 * for its host) it shows every message, as before.
 */
export const CURRENT_PERSON_MESSAGE = 'staff-portal/current-person';

export interface PersonDigest {
  salt: string;
  digest: string;
}

/** The signed-in person of a shared device, nobody (null), or a personal device. */
export type CurrentPerson = PersonDigest | null | 'personal';

/** What the page tells the worker: who is signed in now, or nobody. */
export interface CurrentPersonMessage {
  type: typeof CURRENT_PERSON_MESSAGE;
  person: PersonDigest | null;
}

const HEX = /^[0-9a-f]{64}$/;
const hex = (bytes: ArrayBuffer) => Array.from(new Uint8Array(bytes), (byte) => byte.toString(16).padStart(2, '0')).join('');

export async function digestOf(sub: string, salt: string): Promise<string> {
  return hex(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`${salt}:${sub}`)));
}

/** The digest the worker keeps for `sub`, under a new salt. */
export async function personDigest(sub: string): Promise<PersonDigest> {
  const salt = hex(crypto.getRandomValues(new Uint8Array(32)).buffer);
  return { salt, digest: await digestOf(sub, salt) };
}

const isDigest = (value: unknown): value is PersonDigest => {
  const person = value as Partial<Record<keyof PersonDigest, unknown>> | null;
  return typeof person === 'object' && person !== null && typeof person.salt === 'string' && HEX.test(person.salt) && typeof person.digest === 'string' && HEX.test(person.digest);
};

/** A person as told or kept (or nobody), or undefined for anything else. */
export function parseCurrentPerson(value: unknown): PersonDigest | null | undefined {
  if (value === null) return null;
  return isDigest(value) ? { salt: value.salt, digest: value.digest } : undefined;
}

/** The page's message to the worker, or null for anything else. */
export function parseCurrentPersonMessage(data: unknown): CurrentPersonMessage | null {
  const message = data as { type?: unknown; person?: unknown } | null;
  if (typeof message !== 'object' || message === null || message.type !== CURRENT_PERSON_MESSAGE) return null;
  const person = parseCurrentPerson(message.person);
  return person === undefined ? null : { type: CURRENT_PERSON_MESSAGE, person };
}

/** Whether a message for `recipient` may be shown now. */
export async function mayShow(recipient: string | undefined, person: CurrentPerson): Promise<boolean> {
  if (person === 'personal') return true;
  if (person === null || recipient === undefined) return false;
  return (await digestOf(recipient, person.salt)) === person.digest;
}
