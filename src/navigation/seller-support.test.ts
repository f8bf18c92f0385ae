import { describe, expect, it } from 'vitest';
import { sellerSupportFor } from './seller-support.ts';

const config = { invoicingSellerIds: [1, 2], groupParentSellerId: 1 };
const s = (id: number) => ({ id });

describe('sellerSupportFor', () => {
  it.each([
    ['no rule', undefined, config, 9, [s(9)], { kind: 'supported' }],
    ['no configuration', 'invoicing', undefined, 9, [s(9)], { kind: 'supported' }],
    ['invoicing, supported seller', 'invoicing', config, 2, [s(2), s(9)], { kind: 'supported' }],
    ['invoicing, unsupported seller with supported ones', 'invoicing', config, 9, [s(1), s(9), s(2)], { kind: 'switchToSupported', sellers: [s(1), s(2)] }],
    ['invoicing, no supported seller authorised', 'invoicing', config, 9, [s(9), s(10)], { kind: 'noSupportedSeller' }],
    ['group report on the parent', 'groupParentSeller', config, 1, [s(1), s(9)], { kind: 'supported' }],
    ['group report, parent authorised', 'groupParentSeller', config, 9, [s(1), s(9)], { kind: 'switchToParent', parent: s(1) }],
    ['group report, parent not authorised', 'groupParentSeller', config, 9, [s(9)], { kind: 'invalidSeller' }],
  ] as const)('%s', (_name, rule, cfg, current, sellers, expected) => {
    expect(sellerSupportFor(rule, cfg, current, [...sellers])).toEqual(expected);
  });
});
