/**
 * Badges on a shared device (README "Scanning"): a person's badge, scanned, names them to the identity
 * provider (login_hint), so at the next person's sign-in they type only their password, and on the lock
 * it tells the person's own badge from someone else's.
 */

/** The person a badge names: its group `login`, else its first group, else the whole code; null when the code is no badge. */
export function badgeLogin(text: string, badge: string | undefined): string | null {
  if (!badge) return null;
  const match = RegExp(badge, 'u').exec(text);
  return (match && (match.groups?.login ?? match[1] ?? match[0])) || null;
}

/**
 * Another person's badge on the lock ends the shift; the next person's page then starts their sign-in.
 * Kept in the page (the shift ends without leaving it): a logout that needs the whole page forgets it,
 * and the person taps Sign in or scans again.
 */
let nextPerson: string | null = null;

export function handOver(login: string): void {
  nextPerson = login;
}

export function takeHandOver(): string | null {
  const login = nextPerson;
  nextPerson = null;
  return login;
}
