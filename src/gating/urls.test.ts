import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidHttpUrl, parseHttpUrl } from './urls.ts';

describe('external redirect address validation (shell.md §5)', () => {
  it.each([
    ['https://supply.example.com/suppliers?sellerId=2', true],
    ['http://localhost:5173/x', true],
    ['HTTPS://EXAMPLE.COM', true],
    ['https://user@example.com/', true],
    ['javascript:alert(1)', false],
    ['JavaScript:alert(1)', false],
    ['JAVASCRIPT:alert(document.cookie)', false],
    [' javascript:alert(1)', false],
    ['java\tscript:alert(1)', false],
    ['java\nscript:alert(1)', false],
    ['java\rscript:alert(1)', false],
    ['ht\ttps://example.com', false],
    ['https://exa\nmple.com', false],
    ['https://example.com/\u0000', false],
    ['data:text/html,<script>alert(1)</script>', false],
    ['DATA:text/html;base64,PHNjcmlwdD4=', false],
    ['vbscript:msgbox(1)', false],
    ['file:///etc/passwd', false],
    ['ftp://example.com', false],
    ['//evil.example.com', false],
    ['\\\\evil.example.com', false],
    ['/relative/path', false],
    ['example.com', false],
    ['https://', false],
    ['http:', false],
    ['', false],
  ])('%j → %s', (input, valid) => {
    expect(isValidHttpUrl(input)).toBe(valid);
  });

  const scheme = fc.oneof(
    fc.constantFrom('javascript', 'JaVaScRiPt', 'data', 'vbscript', 'file', 'blob', 'about', 'ftp', 'ws', 'mailto', 'httpx', 'https-', 'http+x'),
    fc.stringMatching(/^[a-zA-Z][a-zA-Z0-9+.-]{0,10}$/),
  );
  const hostile = fc.oneof(
    fc.tuple(scheme, fc.constantFrom(':', '://', ':/', ':\\\\'), fc.string()).map(([s, sep, rest]) => `${s}${sep}${rest}`),
    fc.tuple(fc.constantFrom('http', 'https'), fc.constantFrom('\t', '\n', '\r', '\u0000', '\u007f'), fc.string()).map(
      ([s, control, rest]) => `${s.slice(0, 2)}${control}${s.slice(2)}://${rest}`,
    ),
    fc.string().map((rest) => `//${rest}`),
    fc.webUrl().map((url) => url.replace(/^https?/, 'javascript')),
    fc.string({ unit: 'binary' }),
  );

  it('never accepts a non-http(s) scheme', () => {
    fc.assert(
      fc.property(hostile, (input) => {
        const url = parseHttpUrl(input);
        return url === null || ((url.protocol === 'http:' || url.protocol === 'https:') && /^https?:/i.test(input.trimStart()));
      }),
      { numRuns: 2000 },
    );
  });

  it('accepts generated http(s) addresses', () => {
    fc.assert(fc.property(fc.webUrl({ withQueryParameters: true, withFragments: true }), (url) => isValidHttpUrl(url)));
  });
});
