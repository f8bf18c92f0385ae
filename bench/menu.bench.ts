/**
 * Menu derivation and search over the whole catalogue (issue 4 targets: derivation under 1 ms at
 * 1,000 user permissions, a search keystroke under 1 ms). `npm run bench` prints the medians (p50)
 * and fails when a target is missed.
 */
import { expect, test } from 'vitest';
import { FLAG_KEYS } from '../src/catalogue/flags.ts';
import { CATALOGUE, flattenCatalogue } from '../src/catalogue/index.ts';
import { createGatingContext, type GatingInput } from '../src/gating/context.ts';
import { requirementString } from '../src/gating/permissions.ts';
import { createMenuSearch } from '../src/gating/search.ts';
import { deriveMenu } from '../src/gating/visibility.ts';
import vi from '../src/i18n/locales/vi/routes.json';

const catalogueStrings = [...new Set(flattenCatalogue().flatMap((item) => item.permissions?.map(requirementString) ?? []))];

/** Every other catalogue permission (so half the menu shows), padded with other services' permissions. */
function userPermissions(count: number): string[] {
  const held = catalogueStrings.filter((_, i) => i % 2 === 0);
  for (let i = 0; held.length < count; i += 1) held.push(`service-${i % 97}:resource-${i}:${i % 3 === 0 ? 'read' : 'update'}`);
  return held;
}

const input = (permissions: string[]): GatingInput => ({
  permissions,
  roles: ['cashier', 'qr-game-viewer'],
  flags: Object.fromEntries(FLAG_KEYS.map((key, i) => [key, i % 2 === 0])),
  isOfflineMode: false,
  isAdminDomain: true,
  environment: 'production',
  sellerId: 2,
  comboPromotionSellerIds: [2, 18],
  websiteIds: { web: 'w-1', app: null },
  hasSite: true,
  sellerSupport: { invoicingSellerIds: [1, 18], groupParentSellerId: 18 },
});

const small = input(userPermissions(1_000));
const large = input(userPermissions(50_000));
const smallContext = createGatingContext(small);
const largeContext = createGatingContext(large);

const titles: Record<string, Record<string, string>> = vi;
const everything = createGatingContext({
  ...input([...catalogueStrings, ...new Set(catalogueStrings.map((s) => `${s.split(':')[0]}:all:all`))]),
  flags: Object.fromEntries(FLAG_KEYS.map((key) => [key, true])),
});
const search = createMenuSearch(deriveMenu(CATALOGUE, everything), (key) => {
  const [module = '', name = ''] = key.split('.');
  return titles[module]?.[name] ?? key;
});
/** Typing "đơn hàng" without accents, one keystroke per call. */
const keystrokes = ['d', 'do', 'don', 'don ', 'don h', 'don ha', 'don han', 'don hang'];
let typed = 0;

/** Building the context (indexing the permissions) happens once per session; timed too, for scale. */
const cases: Record<string, () => unknown> = {
  'derive, 1,000 permissions': () => deriveMenu(CATALOGUE, smallContext),
  'derive, 50,000 permissions': () => deriveMenu(CATALOGUE, largeContext),
  'build context + derive, 1,000 permissions': () => deriveMenu(CATALOGUE, createGatingContext(small)),
  'build context + derive, 50,000 permissions': () => deriveMenu(CATALOGUE, createGatingContext(large)),
  'search, one keystroke': () => search(keystrokes[typed++ % keystrokes.length] as string),
};

/** The targets, in milliseconds. */
const TARGETS: Record<string, number> = {
  'derive, 1,000 permissions': 1,
  'build context + derive, 1,000 permissions': 1,
  'search, one keystroke': 1,
};

test('menu derivation and search over the whole catalogue', async ({ bench }) => {
  const results = await bench.compare(...Object.entries(cases).map(([name, fn]) => bench(name, fn)));
  for (const name of Object.keys(cases)) console.log(`median ${name}: ${results.get(name).latency.p50.toFixed(4)} ms`);
  for (const [name, target] of Object.entries(TARGETS)) expect(results.get(name).latency.p50, name).toBeLessThan(target);
});
