import type { HandedKey } from '../api/types.ts';
import type { KeyRecord, SealedRecord } from './schema.ts';

/**
 * Sealing (pure but for WebCrypto): an entry kept on the device for its user's next sign-in is
 * encrypted (AES-GCM) with a key the API hands only to that user. The record keeps the key's id and
 * nothing readable; the key itself is dropped from the device when the user leaves, so the next
 * person can neither read nor send it, and the user's next sign-in (the API hands the same key again)
 * opens it.
 */

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/** The user's key as a non-extractable CryptoKey: scripts may use it while it is stored, none can read it. */
export async function importHandedKey(owner: string, handed: HandedKey): Promise<KeyRecord> {
  const key = await crypto.subtle.importKey('raw', fromBase64Url(handed.key), { name: 'AES-GCM' }, false, ['encrypt', 'decrypt']);
  return { owner, keyId: handed.keyId, key };
}

const encoder = new TextEncoder();

/**
 * One record of the entries store sealed as it is (an entry, or one that does not read back: it is
 * the user's all the same): a fresh IV, the record encrypted and bound to the key's id, and its place
 * in the user's queue.
 */
export async function sealRecord(record: unknown, order: number, { keyId, key }: KeyRecord): Promise<SealedRecord> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const data = await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: encoder.encode(keyId) }, key, encoder.encode(JSON.stringify(record)));
  return { id: crypto.randomUUID(), keyId, order, iv, data };
}

/** What a sealed record holds, or undefined when this key does not open it. */
export async function openSealed(record: SealedRecord, { keyId, key }: KeyRecord): Promise<unknown> {
  if (record.keyId !== keyId) return undefined;
  try {
    const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: record.iv as Uint8Array<ArrayBuffer>, additionalData: encoder.encode(keyId) }, key, record.data);
    return JSON.parse(new TextDecoder().decode(plain)) as unknown;
  } catch {
    return undefined;
  }
}
