/**
 * Debian's Chromium and the flags this machine needs (../shared/notes/toolchain.md): without the
 * background-networking flags Chromium keeps calling hosts the closed network refuses. One place for
 * the end-to-end tests, the stack's own tests and the benchmarks.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

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
