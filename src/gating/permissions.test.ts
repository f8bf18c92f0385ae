import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { perm, prefix } from '../catalogue/define.ts';
import { flattenCatalogue } from '../catalogue/index.ts';
import type { RouteItem } from '../catalogue/types.ts';
import { indexGrants, meetsRequirement, permitsItem, requirementString } from './permissions.ts';

const leaf = (options: Partial<RouteItem> = {}): RouteItem => ({ path: '/x/page', title: 'X.Page', ...options });
const allows = (item: RouteItem, permissions: string[], roles: string[] = []) => permitsItem(indexGrants(permissions, roles), item);

describe('permission matching (shell.md §6, routes.md §6)', () => {
  const product = leaf({ permissions: [perm('catalog:product:read')] });
  const scoped = leaf({ permissions: [perm('supply:purchase-order:update:approve')] });
  const group = leaf({ permissions: [prefix('finance')], children: [leaf()] });
  const prefixed = leaf({ permissions: [prefix('staff-bff:legacy-staff-management')], usePermissionPrefix: true });
  const bi = leaf({ path: '/reports/bi/sales', permissions: [perm('bi-report:dashboard:read:sales')] });

  it.each([
    ['no permission list: open', leaf(), [], [], true],
    ['empty permission list: open', leaf({ permissions: [] }), [], [], true],
    ['exact string', product, ['catalog:product:read'], [], true],
    ['another action of the resource', product, ['catalog:product:create'], [], false],
    ['app:resource:all', product, ['catalog:product:all'], [], true],
    ['app:all:all', product, ['catalog:all:all'], [], true],
    ['all:all of another app', product, ['pricing:all:all'], [], false],
    ['a longer permission is not exact', product, ['catalog:product:read:all'], [], false],
    ['exact match is case-sensitive', product, ['Catalog:product:read'], [], false],
    ['a scoped action (read:po style) exactly', scoped, ['supply:purchase-order:update:approve'], [], true],
    ['a scoped action through app:resource:all', scoped, ['supply:purchase-order:all'], [], true],
    ['any one requirement of the list suffices', leaf({ permissions: [perm('a:b:c'), perm('d:e:f')] }), ['d:e:f'], [], true],
    ['group: a permission starting with the prefix', group, ['finance:bank-account:read'], [], true],
    ['group: none starting with the prefix', group, ['catalog:product:read'], [], false],
    ['group: roles do not count', group, [], ['finance'], false],
    ['prefix item: permission with the prefix', prefixed, ['staff-bff:legacy-staff-management:read'], [], true],
    ['prefix item: role starting with the resource', prefixed, [], ['legacy-staff-management'], true],
    ['prefix item: role named like the permission prefix', prefixed, [], ['staff-bff:legacy-staff-management'], false],
    ['prefix item: app:all:all', prefixed, ['staff-bff:all:all'], [], true],
    ['prefix item: QR-game admin role', leaf({ permissions: [prefix('loyalty:qr-game')], usePermissionPrefix: true }), [], ['qr-game-admin'], true],
    ['prefix item: app:resource:all', prefixed, ['staff-bff:legacy-staff-management:all'], [], true],
    ['prefix item: neither', prefixed, ['staff-bff:staff:read'], ['staff-management'], false],
    ['BI: bi-report permission ending in the report id', bi, ['bi-report:whatever:sales'], [], true],
    ['BI: any bi-report-prefixed app counts', bi, ['bi-report-v2:x:y:sales'], [], true],
    ['BI: report id must be the last segment', bi, ['bi-report:sales:read'], [], false],
    ['BI: other report id', bi, ['bi-report:dashboard:read:marketing'], [], false],
    ['BI: last segment alone without bi-report', bi, ['finance:dashboard:sales'], [], false],
    ['BI: the exact requirement', bi, ['bi-report:dashboard:read:sales'], [], true],
  ] as const)('%s', (_, item, permissions, roles, expected) => {
    expect(allows(item, [...permissions], [...roles])).toBe(expected);
  });

  it('meetsRequirement serves one-off checks such as the upgrade bypass', () => {
    const grants = indexGrants(['staff-bff:upgrading-process:bypass'], []);
    expect(meetsRequirement(grants, perm('staff-bff:upgrading-process:bypass'))).toBe(true);
    expect(meetsRequirement(grants, perm('staff-bff:upgrading-process:read'))).toBe(false);
  });

  it('requirementString joins the parts a requirement has', () => {
    expect(requirementString(perm('supply:purchase-order:update:approve'))).toBe('supply:purchase-order:update:approve');
    expect(requirementString(prefix('finance'))).toBe('finance');
    expect(requirementString(prefix('staff-bff:legacy-staff-management'))).toBe('staff-bff:legacy-staff-management');
  });
});

describe('permission properties over the whole catalogue', () => {
  const items = flattenCatalogue().filter((item) => item.permissions?.length);
  const known = [...new Set(items.flatMap((item) => item.permissions?.map(requirementString) ?? []))];
  const apps = [...new Set(items.flatMap((item) => item.permissions?.map((requirement) => requirement.app) ?? []))];
  // Real strings, their wildcards and noise, so the properties meet every matching path.
  const permission = fc.oneof(
    fc.constantFrom(...known),
    fc.constantFrom(...apps).map((app) => `${app}:all:all`),
    fc.constantFrom(...known).map((s) => s.split(':').slice(0, 2).concat('all').join(':')),
    fc.string(),
  );

  it('adding a permission never hides an item', () => {
    fc.assert(
      fc.property(fc.array(permission, { maxLength: 30 }), fc.array(permission, { maxLength: 5 }), permission, (held, roles, extra) => {
        const before = indexGrants(held, roles);
        const after = indexGrants([...held, extra], roles);
        return items.every((item) => !permitsItem(before, item) || permitsItem(after, item));
      }),
    );
  });

  it('app:all:all opens every item with a requirement of that app', () => {
    fc.assert(
      fc.property(fc.constantFrom(...apps), fc.array(permission, { maxLength: 10 }), (app, held) => {
        const grants = indexGrants([...held, `${app}:all:all`], []);
        return items.filter((item) => item.permissions?.some((r) => r.app === app)).every((item) => permitsItem(grants, item));
      }),
    );
  });
});
