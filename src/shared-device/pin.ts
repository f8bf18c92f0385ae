/**
 * The shift's PIN (README "Shared devices"): only a salted, slow hash of it is kept (WebCrypto's
 * PBKDF2 with SHA-256), for this shift; the PIN itself never leaves memory. Works offline.
 */
export interface PinHash {
  /** Base64 of 16 random bytes, new for every PIN. */
  salt: string;
  /** Base64 of the 256-bit PBKDF2 result. */
  hash: string;
  iterations: number;
}

/**
 * PBKDF2-HMAC-SHA256 rounds. A PIN of 4 to 8 digits falls to a search of its space whatever the
 * count (the tries limit and the hash's removal at the end of the shift are what protect it); the
 * count only slows that search, and stays low enough for a handheld to check a PIN well within the
 * second an unlock may take (Chromium runs it off the main thread: ~0.1 s on a server core).
 */
export const PIN_ITERATIONS = 300_000;

const encoder = new TextEncoder();

const toBase64 = (bytes: Uint8Array): string => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string): Uint8Array => Uint8Array.from(atob(text), (char) => char.charCodeAt(0));

async function derive(pin: string, salt: Uint8Array, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey('raw', encoder.encode(pin), 'PBKDF2', false, ['deriveBits']);
  return new Uint8Array(await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt: salt as BufferSource, iterations }, key, 256));
}

/** A PIN is exactly `length` digits (the policy's). */
export function isPin(pin: string, length: number): boolean {
  return pin.length === length && /^\d+$/.test(pin);
}

export async function hashPin(pin: string, iterations = PIN_ITERATIONS): Promise<PinHash> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  return { salt: toBase64(salt), hash: toBase64(await derive(pin, salt, iterations)), iterations };
}

/** Whether `pin` is the one `stored` was made from; compares every byte, whatever differs first. */
export async function pinMatches(pin: string, stored: PinHash): Promise<boolean> {
  let expected: Uint8Array;
  try {
    expected = fromBase64(stored.hash);
    const actual = await derive(pin, fromBase64(stored.salt), stored.iterations);
    if (actual.length !== expected.length) return false;
    let difference = 0;
    actual.forEach((byte, index) => (difference |= byte ^ (expected[index] ?? 0)));
    return difference === 0;
  } catch {
    return false; // an unreadable stored hash matches nothing (shift.ts validated its shape)
  }
}
