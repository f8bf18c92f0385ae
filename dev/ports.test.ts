import { describe, expect, it } from 'vitest';
import { browserUsablePort } from './ports.ts';

describe('browserUsablePort', () => {
  it.each([6000, 10080, 5060, 6667])('refuses %i, which browsers block', (port) => {
    expect(() => browserUsablePort('IDP_PORT', port)).toThrow(`IDP_PORT=${port} is a port browsers refuse`);
  });
  it.each([4000, 4100, 4200, 5173, 6010])('takes %i', (port) => expect(browserUsablePort('IDP_PORT', port)).toBe(port));
});
