import { describe, expect, it } from 'vitest';
import { brandForHost, isAdminDomain, supportEmailForHost } from './brand.ts';
import { parseRuntimeConfig } from './parse.ts';
import { DEFAULT_WEDGE_RULES, WEDGE_LIMITS } from '../../packages/frame-client/wedge.ts';
import type { RuntimeConfigInput } from './schema.ts';

const brand = (appName: string) => ({ appName, logo: `/brand/${appName}.svg`, favicon: `/brand/${appName}-icon.svg` });

const valid: RuntimeConfigInput = {
  environment: 'staging',
  ribbon: 'STAG',
  brands: { default: brand('Default'), hosts: { 'shop.example.vn': brand('Shop'), 'pos.example.vn:8443': brand('Pos') } },
  adminDomains: ['admin.example.vn'],
  oidc: { authority: 'https://id.example.vn', clientId: 'staff-portal', domain: 'example.vn' },
  apps: { erp: 'https://erp.example.vn', pos: 'https://pos.example.vn' },
  api: { base: 'https://api.example.vn', flags: 'https://flags.example.vn' },
  support: { defaultEmail: 'support@example.vn', hosts: { 'shop.example.vn': 'help@shop.example.vn' } },
};

describe('parseRuntimeConfig', () => {
  it('accepts a valid config and fills defaults', () => {
    const result = parseRuntimeConfig(valid, 'shop.example.vn');
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.brand.appName).toBe('Shop');
    expect(result.config.oidc.scope).toContain('openid');
    expect(result.config.api).toEqual({
      base: 'https://api.example.vn',
      sellers: 'https://api.example.vn',
      flags: 'https://flags.example.vn',
      tracking: 'https://api.example.vn',
      notification: 'https://api.example.vn',
    });
    expect(result.config.comboPromotionSellerIds).toEqual([]);
    expect(result.config.push).toBeUndefined();
    // No app may write through the outbox unless the config says where.
    expect(result.config.appApis).toEqual({});
  });

  it('defaults the app name to "Staff Desktop"', () => {
    const result = parseRuntimeConfig({ ...valid, brands: { default: { logo: '/l.svg', favicon: '/f.svg' } } }, 'x');
    expect(result.ok && result.brand.appName).toBe('Staff Desktop');
  });

  it.each([
    ['oidc', 'oidc'],
    ['api', 'api'],
    ['support', 'support'],
    ['environment', 'environment'],
  ])('names the missing field %s', (field, path) => {
    const config: Record<string, unknown> = { ...valid };
    delete config[field];
    const result = parseRuntimeConfig(config, 'shop.example.vn');
    expect(result.ok).toBe(false);
    if (result.ok || result.problem.kind !== 'invalid') throw new Error('expected invalid');
    expect(result.problem.issues.some((issue) => issue.startsWith(`${path}:`))).toBe(true);
  });

  it.each([
    [{ environment: 'prod' }, 'environment'],
    [{ ribbon: 'QA' }, 'ribbon'],
    [{ adminDomains: 'admin.example.vn' }, 'adminDomains'],
    [{ oidc: { ...valid.oidc, authority: 'javascript:alert(1)' } }, 'oidc.authority'],
    [{ apps: { erp: 42 } }, 'apps.erp'],
    [{ apps: { notAnApp: 'https://x.example.vn' } }, 'apps'],
    [{ support: { defaultEmail: 'not an email' } }, 'support.defaultEmail'],
    [{ comboPromotionSellerIds: ['1'] }, 'comboPromotionSellerIds.0'],
    [{ appApis: { pos: ['javascript:alert(1)'] } }, 'appApis.pos.0'],
    [{ appApis: { pos: 'https://api.example.vn/pos' } }, 'appApis.pos'],
    [{ appApis: { notAnApp: ['https://api.example.vn'] } }, 'appApis'],
  ])('rejects wrong types %j at %s', (patch, path) => {
    const result = parseRuntimeConfig({ ...valid, ...patch }, 'shop.example.vn');
    if (result.ok || result.problem.kind !== 'invalid') throw new Error('expected invalid');
    expect(result.problem.issues.join('\n')).toContain(`${path}`);
  });

  it('a brand without a shared-device policy is a personal device; one with it gets its defaults', () => {
    const plain = parseRuntimeConfig(valid, 'shop.example.vn');
    expect(plain.ok && plain.brand.sharedDevice).toBeUndefined();
    const handheld = { ...brand('Handheld'), sharedDevice: {} };
    const result = parseRuntimeConfig({ ...valid, brands: { hosts: { 'kho.example.vn': handheld } } }, 'kho.example.vn:443');
    expect(result.ok && result.brand.sharedDevice).toEqual({ idleLockMinutes: 5, idleEndMinutes: 30, pin: { length: 4, tries: 5 } });
  });

  it.each([
    [{ idleLockMinutes: 0 }, 'brands.hosts.kho.example.vn.sharedDevice.idleLockMinutes'],
    [{ idleLockMinutes: 10, idleEndMinutes: 10 }, 'idleEndMinutes must be more than idleLockMinutes'],
    [{ pin: { length: 3 } }, 'sharedDevice.pin.length'],
    [{ pin: { length: 4.5 } }, 'sharedDevice.pin.length'],
    [{ pin: { tries: 0 } }, 'sharedDevice.pin.tries'],
    [{ pin: { tries: 11 } }, 'sharedDevice.pin.tries'],
  ])('rejects the shared-device policy %j (%s)', (sharedDevice, problem) => {
    const result = parseRuntimeConfig({ ...valid, brands: { hosts: { 'kho.example.vn': { ...brand('Handheld'), sharedDevice } } } }, 'kho.example.vn');
    if (result.ok || result.problem.kind !== 'invalid') throw new Error('expected invalid');
    expect(result.problem.issues.join('\n')).toContain(problem);
  });

  it('takes the frames’ settings (moves in place, warm apps) as given; left out, they are the code’s defaults (frames/after-idle.ts)', () => {
    const given = parseRuntimeConfig({ ...valid, frames: { navigateAnswerMs: 1500, warmHandheld: 0, warmDesktop: 3 } }, 'shop.example.vn');
    expect(given.ok && given.config.frames).toEqual({ navigateAnswerMs: 1500, warmHandheld: 0, warmDesktop: 3 });
    const absent = parseRuntimeConfig(valid, 'shop.example.vn');
    expect(absent.ok && absent.config.frames).toEqual({});
  });

  it.each([
    [{ navigateAnswerMs: 50 }, 'frames.navigateAnswerMs'],
    [{ navigateAnswerMs: 20_000 }, 'frames.navigateAnswerMs'],
    [{ warmHandheld: -1 }, 'frames.warmHandheld'],
    [{ warmDesktop: 1.5 }, 'frames.warmDesktop'],
    [{ warmDesktop: 7 }, 'frames.warmDesktop'],
  ])('rejects the frames’ settings %j (%s)', (frames, problem) => {
    const result = parseRuntimeConfig({ ...valid, frames }, 'shop.example.vn');
    if (result.ok || result.problem.kind !== 'invalid') throw new Error('expected invalid');
    expect(result.problem.issues.join('\n')).toContain(problem);
  });

  it('every brand has the scanner’s defaults (README "Scanning"); a brand sets its own', () => {
    const plain = parseRuntimeConfig(valid, 'shop.example.vn');
    expect(plain.ok && plain.brand.scanner).toEqual({ wedge: DEFAULT_WEDGE_RULES, feedback: 'both', button: 'handheld', open: [] });
    const scanner = { wedge: { ...DEFAULT_WEDGE_RULES, suffix: 'Tab', maxGapMs: 50 }, open: [{ pattern: '^PL-(?<list>\\d+)$', route: '/warehousing/export/picking-process?pickingList={list}' }] };
    const result = parseRuntimeConfig({ ...valid, brands: { hosts: { 'kho.example.vn': { ...brand('Handheld'), scanner, sharedDevice: { badge: '^EMP-(?<login>\\w+)$' } } } } }, 'kho.example.vn');
    expect(result.ok && result.brand.scanner).toMatchObject(scanner);
    expect(result.ok && result.brand.sharedDevice?.badge).toBe('^EMP-(?<login>\\w+)$');
  });

  it('takes exactly the wedge rules the frame client takes', () => {
    const { maxGapMs, minLength, prefixLength, suffixes } = WEDGE_LIMITS;
    const takes = (wedge: Record<string, unknown>) => parseRuntimeConfig({ ...valid, brands: { default: { ...brand('B'), scanner: { wedge } } } }, 'x').ok;
    for (const [field, { min, max }] of Object.entries({ maxGapMs, minLength })) {
      expect([min - 1, min, max, max + 1].map((value) => takes({ [field]: value }))).toEqual([false, true, true, false]);
    }
    expect([prefixLength, prefixLength + 1].map((length) => takes({ prefix: 'x'.repeat(length) }))).toEqual([true, false]);
    expect([...suffixes, 'Space'].map((suffix) => takes({ suffix }))).toEqual([...suffixes.map(() => true), false]);
  });

  it.each([
    [{ scanner: { open: [{ pattern: '^PL-(\\d+$', route: '/x' }] } }, 'brands.hosts.kho.example.vn.scanner.open.0.pattern: must be a regular expression'],
    [{ scanner: { open: [{ pattern: '\\p{Nope}', route: '/x' }] } }, 'scanner.open.0.pattern: must be a regular expression'],
    [{ scanner: { open: [{ pattern: 'PL', route: 'javascript:alert(1)' }] } }, 'scanner.open.0.route: Invalid format'],
    [{ scanner: { wedge: { maxGapMs: 1000 } } }, 'scanner.wedge.maxGapMs'],
    [{ scanner: { wedge: { minLength: 0 } } }, 'scanner.wedge.minLength'],
    [{ scanner: { wedge: { suffix: 'Space' } } }, 'scanner.wedge.suffix'],
    [{ scanner: { wedge: { prefix: 'far-too-long' } } }, 'scanner.wedge.prefix'],
    [{ scanner: { feedback: 'siren' } }, 'scanner.feedback'],
    [{ scanner: { button: true } }, 'scanner.button'],
    [{ sharedDevice: { badge: '(?<login>' } }, 'sharedDevice.badge: must be a regular expression'],
  ])('rejects the scanner settings %j (%s)', (patch, problem) => {
    const result = parseRuntimeConfig({ ...valid, brands: { hosts: { 'kho.example.vn': { ...brand('Handheld'), ...patch } } } }, 'kho.example.vn');
    if (result.ok || result.problem.kind !== 'invalid') throw new Error('expected invalid');
    expect(result.problem.issues.join('\n')).toContain(problem);
  });

  it('rejects a document that is not an object', () => {
    const result = parseRuntimeConfig(['nope'], 'shop.example.vn');
    expect(result.ok).toBe(false);
  });

  it('refuses an unknown host when there is no default brand', () => {
    const result = parseRuntimeConfig({ ...valid, brands: { hosts: valid.brands.hosts } }, 'unknown.example.vn');
    expect(result).toEqual({ ok: false, problem: { kind: 'unknownHost', host: 'unknown.example.vn' } });
  });
});

describe('brand and support by host', () => {
  const parsed = parseRuntimeConfig(valid, 'x');
  if (!parsed.ok) throw new Error('fixture must be valid');
  const config = parsed.config;

  it.each([
    ['shop.example.vn', 'Shop'],
    ['shop.example.vn:443', 'Shop'], // a port does not hide the host name's brand
    ['pos.example.vn:8443', 'Pos'], // host with port listed exactly
    ['pos.example.vn', 'Default'],
    ['other.example.vn', 'Default'],
  ])('%s → %s', (host, appName) => {
    expect(brandForHost(config, host)?.appName).toBe(appName);
  });

  it('support contact follows the host, else the default', () => {
    expect(supportEmailForHost(config, 'shop.example.vn')).toBe('help@shop.example.vn');
    expect(supportEmailForHost(config, 'other.example.vn')).toBe('support@example.vn');
  });

  it('admin domains are matched by host name, ignoring the port', () => {
    expect(isAdminDomain(config, 'admin.example.vn:4173')).toBe(true);
    expect(isAdminDomain(config, 'shop.example.vn')).toBe(false);
    expect(isAdminDomain(config, 'evil-admin.example.vn')).toBe(false);
  });
});
