/**
 * Plain data (JSON answers, stored records, claims) is equal when every field is, whatever the key
 * order; a field that is undefined is no field, as in JSON.
 */
export function samePlainData(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a).filter((key) => (a as Record<string, unknown>)[key] !== undefined);
  const keysB = Object.keys(b).filter((key) => (b as Record<string, unknown>)[key] !== undefined);
  return keysA.length === keysB.length && keysA.every((key) => samePlainData((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}
