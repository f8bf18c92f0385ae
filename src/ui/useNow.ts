import { useEffect, useState } from 'react';

/**
 * The current time, refreshed on each whole period of Date.now(). Timers are plain setTimeout on
 * Date.now() so fake clocks (vitest, Playwright's page.clock) drive countdowns in tests.
 */
export function useNow(periodMs = 1000): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const schedule = () => {
      timer = setTimeout(() => {
        setNow(Date.now());
        schedule();
      }, periodMs - (Date.now() % periodMs));
    };
    schedule();
    return () => clearTimeout(timer);
  }, [periodMs]);
  return now;
}
