/**
 * Debian's Chromium and the flags this machine needs (../shared/notes/toolchain.md): without the
 * background-networking flags Chromium keeps calling hosts the closed network refuses. One place for
 * the end-to-end tests, the stack's own tests and the benchmarks.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The oldest Chromium the end-to-end tests are known to pass on. In 150 (what Debian 12's package
 * lists gave before an `apt-get update`), Playwright's offline emulation leaves `navigator.onLine`
 * true in a page the service worker serves, and every offline test fails on the wrong mode.
 */
export const CHROMIUM_MIN_MAJOR = 156;

/** The major version in `chromium --version`'s answer ("Chromium 156.0.8078.108 built on Debian…"), or null. */
export function chromiumMajor(versionOutput: string): number | null {
  const match = /\b(\d+)\.\d+\.\d+\.\d+\b/.exec(versionOutput);
  return match ? Number(match[1]) : null;
}

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // Chromium 156 loads its omnibox popup (two WebUI pages of its own) into every new window of a headless
  // browser too: on a 2-core machine that work competes with the page under test.
  '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup',
];
