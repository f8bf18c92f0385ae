import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_MIN_MAJOR, CHROMIUM_PATH, chromiumMajor } from './dev/testing/chromium.ts';

/** End-to-end tests drive Debian's Chromium against the production build and the whole local stack. */
if (!existsSync(CHROMIUM_PATH)) {
  throw new Error(`Chromium not found at ${CHROMIUM_PATH}: install Debian's (apt-get update && apt-get install -y chromium) or set CHROMIUM_PATH.`);
}
// Too old a Chromium fails tests for reasons of its own: say so once, before they run. (A version that
// cannot be read is let through.)
const chromiumVersion = chromiumMajor(execFileSync(CHROMIUM_PATH, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }));
if (chromiumVersion !== null && chromiumVersion < CHROMIUM_MIN_MAJOR) {
  throw new Error(
    `Chromium ${chromiumVersion} at ${CHROMIUM_PATH} is older than the ${CHROMIUM_MIN_MAJOR} the end-to-end tests need: update it (apt-get update && apt-get install -y chromium) or set CHROMIUM_PATH.`,
  );
}
const portalPort = Number(process.env.PORTAL_PORT ?? 4173);
/** Portal servers of the same build with a missing config, and with an identity provider that is down (beside PORTAL_PORT). */
export const MISSING_CONFIG_PORT = portalPort + 6;
export const PROVIDER_DOWN_PORT = portalPort + 5;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    // On the sign-in domain: the portal and the sample apps are one site, as in production.
    baseURL: `http://portal.localhost:${portalPort}`,
    serviceWorkers: 'allow',
    trace: 'retain-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  projects: [
    { name: 'desktop', testIgnore: 'handheld.spec.ts', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } },
    // Every fixture user's start-up again on a handheld-sized screen (choosers become bottom sheets),
    // and the handheld's own checks (Back, mobile-view routes, offline start).
    {
      name: 'phone',
      testMatch: ['session.spec.ts', 'handheld.spec.ts'],
      use: { ...devices['Desktop Chrome'], viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true },
    },
  ],
  webServer: [
    {
      // `--preview` serves the production build (dist/) so the service worker is the real one.
      command: 'npx tsx dev/start.ts --preview',
      url: `http://127.0.0.1:${portalPort}/config.json`,
      reuseExistingServer: !process.env.CI,
      timeout: 120_000,
      stdout: 'pipe',
      stderr: 'pipe',
    },
    {
      // The same build where /config.json does not exist: the config-not-found page.
      command: `npx vite preview --port ${MISSING_CONFIG_PORT} --strictPort`,
      url: `http://localhost:${MISSING_CONFIG_PORT}/index.html`,
      env: { PORTAL_CONFIG_FILE: 'tests/e2e/no-such-config.json' },
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
    },
    {
      command: `npx vite preview --port ${PROVIDER_DOWN_PORT} --strictPort`,
      url: `http://localhost:${PROVIDER_DOWN_PORT}/index.html`,
      env: { PORTAL_CONFIG_FILE: 'tests/e2e/fixtures/provider-down.config.json' },
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
    },
  ],
});
