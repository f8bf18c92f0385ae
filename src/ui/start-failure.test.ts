import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { onRestartForTests } from '../effects/restart.ts';
import { markAppStarted, START_FAILURE, watchAppStart } from './start-failure.ts';

describe('watchAppStart', () => {
  let root: HTMLElement;
  const restarted = vi.fn();
  let stopObserving: () => void;
  beforeEach(() => {
    root = document.createElement('div');
    root.innerHTML = '<div data-boot-spinner></div>';
    document.body.append(root);
    stopObserving = onRestartForTests(restarted);
  });
  afterEach(() => {
    // A failure page left its listener for the connection: spent here, so each test counts its own.
    dispatchEvent(new Event('online'));
    stopObserving();
    restarted.mockClear();
    root.remove();
    document.documentElement.removeAttribute('data-app-started');
  });

  it('replaces the spinner with the start-failure page when the page loaded and the entry never ran', () => {
    watchAppStart(root);
    dispatchEvent(new Event('load'));
    expect(root.querySelector('[data-boot-spinner]')).toBeNull();
    expect(root.querySelector('h1')?.textContent).toBe(START_FAILURE.title);
    expect([...root.querySelectorAll('p')].map((p) => [p.lang, p.textContent])).toEqual([
      ['vi', START_FAILURE.vi],
      ['en', START_FAILURE.en],
    ]);
  });

  it('leaves the page to the app once its entry ran', () => {
    watchAppStart(root);
    markAppStarted();
    dispatchEvent(new Event('load'));
    expect(root.querySelector('[data-boot-spinner]')).not.toBeNull();
    dispatchEvent(new Event('online'));
    expect(restarted).not.toHaveBeenCalled();
  });

  it('starts again on Retry, and by itself when the connection returns', () => {
    watchAppStart(root);
    dispatchEvent(new Event('load'));
    root.querySelector('button')?.click();
    expect(restarted).toHaveBeenCalledTimes(1);
    dispatchEvent(new Event('online'));
    expect(restarted).toHaveBeenCalledTimes(2);
  });
});
