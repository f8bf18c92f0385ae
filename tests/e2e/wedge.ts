import type { Page } from '@playwright/test';

/**
 * A keyboard-wedge scanner typing into the page (README "Scanning"), for the end-to-end tests and the
 * benchmark: each key of `text`, then the suffix, as the browser's own key events, stamped `gapMs`
 * apart as a scanner's keys are stamped by the device that made them.
 *
 * Why not `page.keyboard.type(text, { delay })`: Playwright sends each key only after the page has
 * handled the one before, then sleeps `delay` in Node, so its keys are stamped that round trip plus
 * the delay apart — on a loaded two-core machine often beyond a scanner's 30 ms — and a test of a
 * 8 ms burst would time the machine, not the recogniser. Here every key goes to the browser at once
 * (DevTools' Input.dispatchKeyEvent, with its `timestamp`), so the page sees the rhythm the test asks
 * for, however late a busy main thread handles the keys: that is what the recogniser reads
 * (event.timeStamp), as it does for a real scanner's keys. A person's slow typing is
 * `page.keyboard.type(text, { delay: 120 })`: a busy machine only spaces those keys further apart.
 */
export async function wedge(page: Page, text: string, { gapMs = 8, suffix = 'Enter' }: { gapMs?: number; suffix?: 'Enter' | 'Tab' } = {}): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const keys = [...text].map((char) => ({ key: char, text: char, code: codeOf(char), keyCode: keyCodeOf(char) }));
    const end = suffix === 'Enter' ? { key: 'Enter', text: '\r', code: 'Enter', keyCode: 13 } : { key: 'Tab', text: undefined, code: 'Tab', keyCode: 9 };
    // Stamped as if typed up to now: the last key's stamp is when it reached the browser.
    const start = Date.now() / 1000 - (keys.length * gapMs) / 1000;
    const sent = [...keys, end].flatMap(({ key, text: typed, code, keyCode }, index) => {
      const timestamp = start + (index * gapMs) / 1000;
      return [
        cdp.send('Input.dispatchKeyEvent', { type: typed ? 'keyDown' : 'rawKeyDown', key, code, text: typed, unmodifiedText: typed, windowsVirtualKeyCode: keyCode, timestamp }),
        cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', key, code, windowsVirtualKeyCode: keyCode, timestamp: timestamp + 0.002 }),
      ];
    });
    await Promise.all(sent);
  } finally {
    await cdp.detach().catch(() => undefined);
  }
}

/** The physical key of a character on a US layout, as a scanner's keyboard emulation reports it. */
function codeOf(char: string): string {
  if (/[a-z]/i.test(char)) return `Key${char.toUpperCase()}`;
  if (/\d/.test(char)) return `Digit${char}`;
  return { '-': 'Minus', '.': 'Period', ' ': 'Space', '/': 'Slash', ':': 'Semicolon', '_': 'Minus', '@': 'Digit2' }[char] ?? '';
}

function keyCodeOf(char: string): number {
  if (/[a-z]/i.test(char)) return char.toUpperCase().charCodeAt(0);
  if (/\d/.test(char)) return char.charCodeAt(0);
  return { '-': 189, '.': 190, ' ': 32, '/': 191, ':': 186, '_': 189, '@': 50 }[char] ?? 0;
}
