import { menuController } from '@ionic/core/components';
import { defineCustomElement as defineMenu } from '@ionic/core/components/ion-menu.js';
import { setupIonic } from '../ui/ionic.ts';

/**
 * The sidebar's drawer below the tablet width: Ionic's <ion-menu> (its overlay, backdrop, swipe, focus
 * and Escape). Closed at start, so it is not on the start's path: ShellLayout loads this module at
 * idle after the first screen, or when the toggle is tapped first. Until then the <ion-menu> element
 * is in the page undefined and hidden (theme/shell.css).
 */
export function defineDrawer(): void {
  setupIonic();
  defineMenu();
}

/**
 * The same, in two tasks that `later` schedules (Ionic's setup, then the menu's definition): on a
 * phone each is a long task of its own already, behind the first screen.
 */
export function defineDrawerInSteps(later: (step: () => void) => void): void {
  later(() => {
    setupIonic();
    later(defineMenu);
  });
}

export async function toggleDrawer(menuId: string): Promise<void> {
  defineDrawer();
  await menuController.toggle(menuId);
}

export async function closeDrawer(menuId: string): Promise<void> {
  await menuController.close(menuId);
}
