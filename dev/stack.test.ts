import * as v from 'valibot';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_KEYS } from '../src/config/app-keys.ts';
import { runtimeConfigSchema } from '../src/config/schema.ts';
import { startStack, type Stack } from './stack.ts';
import { request } from './testing/http.ts';

let stack: Stack;

beforeAll(async () => {
  stack = await startStack({ ports: { idp: 0, api: 0, apps: 0 }, portal: { mode: 'dev', port: 0 } });
});
afterAll(() => stack?.close());

describe('the whole stack with the portal dev server', () => {
  it("serves the generated runtime config as the portal's /config.json", async () => {
    const response = await request(`http://127.0.0.1:${stack.ports.portal}/config.json`);
    expect(response.status).toBe(200);
    expect(response.text).toBe(readFileSync(stack.configFile, 'utf8'));
    const config = v.parse(runtimeConfigSchema, response.json());
    expect(config).toMatchObject({
      environment: 'development',
      ribbon: 'DEV',
      adminDomains: ['admin.portal.localhost'],
      oidc: { authority: stack.issuer, clientId: 'staff-portal', domain: 'portal.localhost' },
      api: { base: stack.api },
      comboPromotionSellerIds: [1, 18],
    });
    expect(config.brands.default).toBeUndefined();
    expect(Object.keys(config.brands.hosts).sort()).toEqual(['127.0.0.1', 'admin.portal.localhost', 'handheld.portal.localhost', 'localhost', 'portal.localhost', 'staff.portal.localhost']);
    expect(config.brands.hosts['staff.portal.localhost']?.appName).not.toBe(config.brands.hosts['portal.localhost']?.appName);
    // The warehouse's shared handhelds: the one host with a shared-device policy.
    expect(Object.entries(config.brands.hosts).filter(([, brand]) => brand.sharedDevice).map(([host]) => host)).toEqual(['handheld.portal.localhost']);
    expect(Object.keys(config.apps).sort()).toEqual([...APP_KEYS].sort());
    expect(config.apps.sellerCenterV2).toBe(`http://seller-center-v2.portal.localhost:${stack.ports.apps}`);
    expect(config.localFrameOrigins.sort()).toEqual(Object.values(stack.apps).sort());
  });

  it("accepts sign-in redirects to every portal host on the portal's port", () => {
    const port = stack.ports.portal;
    expect(stack.portalOrigins).toEqual(['portal.localhost', 'staff.portal.localhost', 'admin.portal.localhost', 'handheld.portal.localhost', 'localhost', '127.0.0.1'].map((host) => `http://${host}:${port}`));
  });

  it('serves the brand files the config names', async () => {
    for (const brand of Object.values(v.parse(runtimeConfigSchema, JSON.parse(readFileSync(stack.configFile, 'utf8'))).brands.hosts)) {
      for (const file of [brand.logo, brand.favicon]) {
        const response = await request(`http://127.0.0.1:${stack.ports.portal}${file}`);
        expect(response.status, file).toBe(200);
        expect(response.headers['content-type']).toMatch(/svg/);
      }
    }
  });
});
