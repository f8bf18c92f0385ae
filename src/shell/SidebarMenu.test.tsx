import { waitFor } from '@testing-library/react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it, vi } from 'vitest';
import type { RouteItem } from '../catalogue/types.ts';
import { NavigationContext, type Navigation } from '../navigation/navigation-context.ts';
import { busyFor, taskRecorder, underReactScheduler } from '../ui/test-support.ts';
import { SidebarMenu } from './SidebarMenu.tsx';

const tasks = taskRecorder();

// An icon that takes 3 ms to draw, as a handheld's first drawings of the menu's icons do.
vi.mock('../ui/Icon.tsx', () => ({
  Icon({ icon }: { icon: string | null }) {
    if (icon === null) return <span className="icon" />;
    busyFor(3);
    tasks.mark('icon');
    return <span className="icon" data-icon={icon} />;
  },
}));
vi.mock('./menu-icons.ts', () => ({ menuIcon: (name: string | undefined) => (name ? `<svg>${name}</svg>` : null) }));

describe('SidebarMenu', () => {
  it("draws the menu's icons, once they arrive, in slices that give the main thread back", () =>
    underReactScheduler(async () => {
      const items = Array.from({ length: 30 }, (_, n) => ({ path: `/module-${n}`, title: `Module ${n}`, icon: 'cube-outline' }) as unknown as RouteItem);
      const navigation = {
        menu: items.map((item) => ({ item, children: [] })),
        titleOf: (item: RouteItem) => item.path,
        open: () => undefined,
        go: () => undefined,
        resolver: {} as never,
      } satisfies Navigation;
      const container = document.body.appendChild(document.createElement('div'));
      const root = createRoot(container);
      try {
        tasks.startTicking();
        root.render(
          <NavigationContext.Provider value={navigation}>
            <SidebarMenu activePath={null} onSearch={() => undefined} />
          </NavigationContext.Provider>,
        );
        await waitFor(() => expect(container.querySelectorAll('[data-icon]').length).toBe(31), { timeout: 5000 });
        // Other tasks ran while the icons were drawn: a tap meanwhile would have been answered.
        expect(tasks.yieldedDuring('icon')).toBe(true);
      } finally {
        tasks.stopTicking();
        root.unmount();
        container.remove();
      }
    }));

  it('marks a link that opens in a new tab with the late icons’ mark', async () => {
    const external = { path: '/variants', title: 'Variants', icon: 'cube-outline', redirectOutside: 'https://erp.example.vn/variants' } as unknown as RouteItem;
    const navigation = { menu: [{ item: external, children: [] }], titleOf: () => 'Variants', open: () => undefined, go: () => undefined, resolver: {} as never } satisfies Navigation;
    const container = document.body.appendChild(document.createElement('div'));
    const root = createRoot(container);
    try {
      root.render(
        <NavigationContext.Provider value={navigation}>
          <SidebarMenu activePath={null} onSearch={() => undefined} />
        </NavigationContext.Provider>,
      );
      await waitFor(() => expect(container.querySelector('[role="button"].menu__link [data-icon="<svg>open-outline</svg>"]')).not.toBeNull());
    } finally {
      root.unmount();
      container.remove();
    }
  });
});
