/**
 * The devices the benchmark runs each shell on (issue 12): today's desktop, and a handheld like the
 * warehouse pickers' — Lighthouse's reference phone (Moto G4: 360×640, touch), its CPU slowed 4× and
 * its network shaped to 150 ms round trip and 1.6 Mbps down, through Chromium's DevTools protocol.
 */
import { devices, type BrowserContextOptions, type Page } from 'playwright-core';

export interface Profile {
  name: 'desktop' | 'handheld' | 'handheld-cpu4';
  /** How the table names the device. */
  description: string;
  context: BrowserContextOptions;
  /**
   * Called on every page before it navigates (a new tab gets it again), with whether the network is
   * cut: the CDP shaping also carries the offline state, so it must say offline when the context is.
   */
  prepare(page: Page, offline: boolean): Promise<void>;
  /** New frame routes opened per run (the handheld opens fewer: each costs seconds there). */
  routes: number;
  /** Whether to time search, going back to kept frames and the heap too (desktop only). */
  everything: boolean;
  /** Whether a profile without `everything` still times going back after each new route (`handheld-cpu4`). */
  back?: boolean;
}

/** Lighthouse's "slow 4G" figures (its mobile preset), applied to the page's own requests. */
export const HANDHELD_NETWORK = {
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
} as const;
export const HANDHELD_CPU_SLOWDOWN = 4;

export const DESKTOP: Profile = {
  name: 'desktop',
  description: 'headless Chromium, 1280×800, loopback',
  context: { viewport: { width: 1280, height: 800 } },
  prepare: async () => undefined,
  routes: 20,
  everything: true,
};

const { defaultBrowserType: _browser, ...moto } = devices['Moto G4'];

export const HANDHELD: Profile = {
  name: 'handheld',
  description: `headless Chromium as a Moto G4 (${moto.viewport.width}×${moto.viewport.height}, touch), CPU ${HANDHELD_CPU_SLOWDOWN}× slower, ${HANDHELD_NETWORK.latency} ms round trip, 1.6 Mbps down`,
  context: moto,
  async prepare(page, offline) {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: HANDHELD_CPU_SLOWDOWN });
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline, ...HANDHELD_NETWORK });
  },
  routes: 5,
  everything: false,
};

/**
 * The handheld with its CPU slowed 4× and the network left alone (issue 57, `BENCH_PROFILE=cpu4`): a
 * warehouse handheld on good Wi-Fi, where the shell's own main-thread work decides, not the network.
 * Going back is timed too.
 */
export const HANDHELD_CPU: Profile = {
  name: 'handheld-cpu4',
  description: `headless Chromium as a Moto G4 (${moto.viewport.width}×${moto.viewport.height}, touch), CPU ${HANDHELD_CPU_SLOWDOWN}× slower, network not shaped (loopback)`,
  context: moto,
  async prepare(page) {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: HANDHELD_CPU_SLOWDOWN });
  },
  routes: 5,
  everything: false,
  back: true,
};
