import { describe, expect, it } from 'vitest';
import { defineDrawerInSteps } from './drawer.ts';

describe('defineDrawerInSteps', () => {
  it("sets Ionic up and defines the menu in tasks of their own, the menu last", () => {
    const steps: (() => void)[] = [];
    defineDrawerInSteps((step) => steps.push(step));
    expect(steps).toHaveLength(1);
    expect(customElements.get('ion-menu')).toBeUndefined();
    steps.shift()?.();
    expect(customElements.get('ion-app')).toBeDefined();
    expect(customElements.get('ion-menu')).toBeUndefined();
    expect(steps).toHaveLength(1);
    steps.shift()?.();
    expect(customElements.get('ion-menu')).toBeDefined();
  });
});
