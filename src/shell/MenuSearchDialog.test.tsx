import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RouteItem } from '../catalogue/types.ts';
import { createMenuSearch } from '../gating/search.ts';
import type * as Search from '../gating/search.ts';
import { NavigationContext, type Navigation } from '../navigation/navigation-context.ts';
import { MenuSearchDialog } from './MenuSearchDialog.tsx';

vi.mock('../gating/search.ts', async (original) => {
  const real = await original<typeof Search>();
  return { ...real, createMenuSearch: vi.fn(real.createMenuSearch) };
});
// Its closed-pages part loads at the first opening too: here, nothing to find.
vi.mock('../access/closed-search.ts', () => ({ createClosedSearch: () => () => [] }));
vi.mock('../access/ClosedResults.tsx', () => ({ default: () => null }));
vi.mock('../i18n/index.ts', async (original) => ({ ...(await original<object>()), withDeferredTexts: <T,>(loading: Promise<T>) => loading }));
vi.mock('../access/requester.ts', () => ({ useRequester: () => ({ email: 'help@test', userId: 'u', seller: 's', platform: 'p' }) }));

const orders = { path: '/orders', title: 'Orders' } as RouteItem;
const navigation = { menu: [{ item: orders, children: [] }], resolver: { explain: () => ({ allowed: true }) }, titleOf: (item: RouteItem) => item.title, open: vi.fn(), go: vi.fn() } as unknown as Navigation;

function dialog(open: boolean) {
  return (
    <NavigationContext.Provider value={navigation}>
      <MenuSearchDialog open={open} onClose={() => undefined} />
    </NavigationContext.Provider>
  );
}

describe('MenuSearchDialog', () => {
  afterEach(() => {
    cleanup();
    vi.mocked(createMenuSearch).mockClear();
  });

  it('folds the menu for searching at its first opening, not when it loads, and once', async () => {
    const { rerender } = render(dialog(false));
    expect(createMenuSearch).not.toHaveBeenCalled();
    await act(async () => rerender(dialog(true)));
    expect(createMenuSearch).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('combobox')).toBeTruthy();
    await act(async () => rerender(dialog(false)));
    await act(async () => rerender(dialog(true)));
    expect(createMenuSearch).toHaveBeenCalledTimes(1);
  });
});
