import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isTrustedUserDataOrigin } from './origin.ts';

const local = ['http://erp.portal.localhost:4200'];

describe('isTrustedUserDataOrigin', () => {
  it.each([
    ['https://provider.com', 'provider.com', true],
    ['https://erp.provider.com', 'provider.com', true],
    ['https://a.b.provider.com:8443', 'provider.com', true],
    ['https://evil-provider.com', 'provider.com', false],
    ['https://provider.com.evil.io', 'provider.com', false],
    ['https://evilprovider.com', 'provider.com', false],
    ['http://erp.provider.com', 'provider.com', false], // plain http is refused...
    ['http://erp.portal.localhost:4200', 'portal.localhost', true], // ...unless configured as a local origin
    ['http://pos.portal.localhost:4200', 'portal.localhost', false],
    ['http://evilportal.localhost:4200', 'portal.localhost', false],
    ['null', 'provider.com', false],
    ['', 'provider.com', false],
    ['https://provider.com/path', 'provider.com', false],
    ['https://user@provider.com', 'provider.com', false],
    ['javascript:alert(1)', 'provider.com', false],
    ['https://PROVIDER.com', 'provider.com', false], // URL lower-cases the host, so the origin string differs
    ['https://erp.provider.com', '', false],
  ])('%s with domain %s → %s', (origin, domain, trusted) => {
    expect(isTrustedUserDataOrigin(origin, domain, local)).toBe(trusted);
  });

  it('never trusts a host that does not end with the domain', () => {
    fc.assert(
      fc.property(fc.domain(), (host) => {
        fc.pre(host !== 'provider.com' && !host.endsWith('.provider.com'));
        expect(isTrustedUserDataOrigin(`https://${host}`, 'provider.com', [])).toBe(false);
      }),
    );
  });

  it('never throws on arbitrary input', () => {
    fc.assert(fc.property(fc.string(), fc.string(), (origin, domain) => typeof isTrustedUserDataOrigin(origin, domain, local) === 'boolean'));
  });
});
