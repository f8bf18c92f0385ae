import { describe, expect, it } from 'vitest';
import { filterSellers } from './seller-search.ts';

const sellers = [
  { id: 1, name: 'Công ty Cổ phần Thương mại Đông Á', displayName: 'Đông Á Retail' },
  { id: 18, name: 'Siêu thị Hà Nội', displayName: null },
  { id: 143, name: 'Nhà sách Phương Nam' },
  { id: 181, name: 'Điện máy Xanh 181' },
];

describe('filterSellers', () => {
  it.each([
    ['', [1, 18, 143, 181]],
    ['   ', [1, 18, 143, 181]],
    ['dong a', [1]],
    ['  DONG A  ', [1]],
    ['Đông Á', [1]],
    ['retail', [1]],
    ['sieu thi ha noi', [18]],
    ['18', [18, 181]], // id 18 exactly, and the name containing "18"; id 181 alone would not match
    ['143', [143]],
    ['14', []], // ids match exactly, not by prefix
    ['dien may', [181]],
    ['nothing like this', []],
  ])('%j → %j', (query, ids) => {
    const found = filterSellers(sellers, query).map((s) => s.id);
    expect(found).toEqual(ids);
  });

  it('a number also matches names that contain it', () => {
    expect(filterSellers(sellers, '181').map((s) => s.id)).toEqual([181]);
  });
});
