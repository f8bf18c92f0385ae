/**
 * The oidc-client-ts user entries that once hung the boot spinner (or showed a wrong error):
 * each must be discarded so that sign-in starts again. Shared by the unit and end-to-end tests.
 * `validUser` is a well-formed entry; the variants break one part of it at a time.
 */
export function corruptSessionEntries(validUser: () => Record<string, unknown>): Array<[string, () => string]> {
  const broken = (fields: Record<string, unknown>) => () => JSON.stringify({ ...validUser(), ...fields });
  return [
    ['a JSON string', () => '"garbage"'],
    ['not JSON', () => '{not json'],
    ['a number', () => '42'],
    ['true', () => 'true'],
    ['null', () => 'null'],
    ['an empty array', () => '[]'],
    ['an array', () => '[1,"a",{}]'],
    ['an empty object', () => '{}'],
    ['a wrong-shaped object', () => '{"foo":"bar","n":1}'],
    ['a user without profile', broken({ profile: undefined })],
    ['a profile that is a string', broken({ profile: 'staff-0002' })],
    ['a profile that is an array', broken({ profile: ['staff-0002'] })],
    ['a profile without sub', broken({ profile: { name: 'x' } })],
    ['no access token', broken({ access_token: undefined })],
    ['no expiry (never expires)', broken({ expires_at: undefined })],
    ['an expiry that is text', broken({ expires_at: 'soon' })],
    ['a very large value', () => JSON.stringify('x'.repeat(3_000_000))],
  ];
}
