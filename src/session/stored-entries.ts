import type { StateStore } from 'oidc-client-ts';
import * as v from 'valibot';
import { discardStored, libraryEntries } from '../storage/local.ts';

/**
 * oidc-client-ts's stores over the portal's one localStorage module. Its entries are validated
 * where they are read: the library trusts any JSON it finds, and a user entry that is a string, a
 * number, an array, a wrong-shaped object or a user without `profile` became a "signed-in" user
 * with no profile and no expiry, on whom start-up waited for ever. Such an entry is
 * discarded (and reported), so the library sees no user and sign-in starts again.
 */

/** What the shell relies on in a stored user: a token, its expiry, and a profile naming the user. */
const storedUserSchema = v.object({
  access_token: v.pipe(v.string(), v.minLength(1)),
  expires_at: v.pipe(v.number(), v.finite()),
  profile: v.looseObject({ sub: v.pipe(v.string(), v.minLength(1)) }),
  token_type: v.optional(v.string()),
  id_token: v.optional(v.string()),
  refresh_token: v.optional(v.string()),
  scope: v.optional(v.string()),
  session_state: v.optional(v.nullable(v.string())),
});

/** A sign-in request's state, kept across the provider's redirect. */
const storedStateSchema = v.looseObject({ id: v.pipe(v.string(), v.minLength(1)), created: v.number() });

type Schema = typeof storedUserSchema | typeof storedStateSchema;

/** Whether a stored entry's text is valid for `schema`; never throws. */
export function isValidEntry(raw: string, schema: Schema): boolean {
  try {
    return v.safeParse(schema, JSON.parse(raw)).success;
  } catch {
    return false;
  }
}

export const isStoredUser = (raw: string): boolean => isValidEntry(raw, storedUserSchema);

class ValidatedStore implements StateStore {
  constructor(
    private readonly prefix: string,
    private readonly schema: Schema,
  ) {}

  async get(key: string): Promise<string | null> {
    const name = this.prefix + key;
    const raw = libraryEntries.get(name);
    if (raw === null || isValidEntry(raw, this.schema)) return raw;
    // The key names the provider and client, never the person: safe to report.
    discardStored(name, raw, 'not a valid oidc-client-ts entry');
    return null;
  }

  async set(key: string, value: string): Promise<void> {
    libraryEntries.set(this.prefix + key, value);
  }

  async remove(key: string): Promise<string | null> {
    const raw = await this.get(key);
    libraryEntries.remove(this.prefix + key);
    return raw;
  }

  async getAllKeys(): Promise<string[]> {
    return libraryEntries
      .names()
      .filter((name) => name.startsWith(this.prefix))
      .map((name) => name.slice(this.prefix.length));
  }
}

/** The signed-in user, under `oidc.user:<authority>:<client id>`. */
export const createUserStore = (): StateStore => new ValidatedStore('oidc.', storedUserSchema);
/** Sign-in requests in flight, under `oidc.state.<id>`. */
export const createStateStore = (): StateStore => new ValidatedStore('oidc.state.', storedStateSchema);

/** The storage name of the signed-in user oidc-client-ts keeps for this provider and client. */
export const storedUserName = (authority: string, clientId: string): string => `oidc.user:${authority}:${clientId}`;

/** Removes the stored user without the library. */
export function forgetStoredUser(authority: string, clientId: string): void {
  libraryEntries.remove(storedUserName(authority, clientId));
}

/** The stored user as the session reads it before the sign-in library has loaded. */
export type StoredUser = v.InferOutput<typeof storedUserSchema>;

/**
 * The signed-in user stored by oidc-client-ts for this provider and client (its key:
 * `oidc.user:<authority>:<client id>`), read without the library so a start with a valid token
 * needs none of it; validated like every read here (an invalid entry is discarded and reported).
 */
export function readStoredUser(authority: string, clientId: string): StoredUser | null {
  const name = storedUserName(authority, clientId);
  const raw = libraryEntries.get(name);
  if (raw === null) return null;
  try {
    const parsed = v.safeParse(storedUserSchema, JSON.parse(raw));
    if (parsed.success) return parsed.output;
  } catch {
    // not JSON: discarded below
  }
  discardStored(name, raw, 'not a valid oidc-client-ts entry');
  return null;
}
