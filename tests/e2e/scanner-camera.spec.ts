import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type FrameLocator, type Page } from '@playwright/test';
import { barcodeVideo, TEST_CODES } from '../../dev/testing/barcode-video.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../dev/testing/chromium.ts';
// Renamed on import: the React hooks lint takes any use* call outside a component for a hook.
import { activeFrame, appReady, expectShell, signIn, useEnglish as storeEnglish } from './support.ts';

/**
 * The shell's camera (README "Scanning") through Chromium's fake capture, fed a video of barcodes drawn
 * by bwip-js, one of every format the portal promises (dev/testing/barcode-video.ts). Linux Chromium has
 * no BarcodeDetector: this is the WebAssembly decoder's path, its binary from the portal's own origin.
 */
const VIDEO = join(tmpdir(), `staff-portal-barcodes-${process.pid}.y4m`);
writeFileSync(VIDEO, barcodeVideo());
test.afterAll(() => rmSync(VIDEO, { force: true }));

test.use({
  launchOptions: { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${VIDEO}`] },
  viewport: { width: 360, height: 640 },
  isMobile: true,
  hasTouch: true,
});

const PORTAL = `http://portal.localhost:${process.env.PORTAL_PORT ?? 4173}`;
const HANDHELD = `http://handheld.portal.localhost:${process.env.PORTAL_PORT ?? 4173}`;
const PICKING = '/warehousing/export/picking-process';

/** Every camera stream the portal's page opens, to check that none is left running. */
async function recordCameraStreams(page: Page) {
  await page.addInitScript(() => {
    if (window !== window.top || !navigator.mediaDevices) return;
    const streams: MediaStream[] = [];
    Object.assign(window, { cameraStreams: streams });
    const open = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
    navigator.mediaDevices.getUserMedia = async (constraints) => {
      const stream = await open(constraints);
      streams.push(stream);
      return stream;
    };
  });
}

const cameraTracks = (page: Page) =>
  page.evaluate(() => ((window as { cameraStreams?: MediaStream[] }).cameraStreams ?? []).flatMap((stream) => stream.getTracks()).map((track) => track.readyState));

const sheet = (page: Page) => page.getByRole('dialog', { name: 'Scan a code' });
/** What the picking app says of its last camera request. */
const scanStatus = (frame: FrameLocator) => frame.getByRole('status').filter({ hasText: /^(Camera|Shelf|No code)/ });

async function pickingPage(page: Page, origin = PORTAL) {
  await storeEnglish(page);
  await recordCameraStreams(page);
  await signIn(page, 'picker', `${origin}${PICKING}`);
  await expectShell(page);
  const frame = activeFrame(page);
  await appReady(frame);
  await expect(frame.getByText(/^Shell protocol 2; offers: .*scanner/)).toBeVisible();
  return frame;
}

test('scan() reads every listed format with the WebAssembly decoder, served by the portal itself; the camera stops with each sheet', async ({ page, context }) => {
  test.setTimeout(180_000);
  await context.grantPermissions(['camera'], { origin: PORTAL });
  const binaries: string[] = [];
  page.on('request', (request) => request.url().endsWith('.wasm') && binaries.push(request.url()));
  const frame = await pickingPage(page);
  expect(await page.evaluate(() => 'BarcodeDetector' in window)).toBe(false);
  // The frame itself is not allowed the camera: the shell holds it for every app.
  expect(await page.locator('.frame-host iframe:not([hidden])').getAttribute('allow')).not.toContain('camera');

  const received = frame.getByRole('list', { name: 'Scans received' }).getByRole('listitem');
  for (const [index, code] of TEST_CODES.entries()) {
    await frame.getByLabel('The camera reads').selectOption(code.format);
    await frame.getByRole('button', { name: 'Scan with the camera' }).tap();
    await expect(sheet(page)).toBeVisible();
    await expect(received.nth(index)).toHaveText(`camera (${code.format}): ${code.text}`, { timeout: 20_000 });
    await expect(sheet(page)).toBeHidden();
    await expect(scanStatus(frame)).toHaveText('Camera closed');
  }
  await expect(received).toHaveCount(TEST_CODES.length);
  expect(binaries.length).toBeGreaterThan(0);
  expect(binaries.every((url) => new URL(url).origin === PORTAL)).toBe(true);
  expect(await cameraTracks(page)).toEqual(Array(TEST_CODES.length).fill('ended'));
});

test('a shelf: codes one by one until the person is done; Close cancels; a time-out gives up', async ({ page, context }) => {
  test.setTimeout(90_000);
  await context.grantPermissions(['camera'], { origin: PORTAL });
  const frame = await pickingPage(page);
  const received = frame.getByRole('list', { name: 'Scans received' }).getByRole('listitem');
  const status = scanStatus(frame);

  await frame.getByRole('button', { name: 'Scan a shelf' }).tap();
  await expect(sheet(page)).toBeVisible();
  await expect(status).toHaveText('Shelf: scanning');
  await expect.poll(() => received.count(), { timeout: 20_000 }).toBeGreaterThanOrEqual(3);
  // Each code once while it stays in view: no line twice in a row.
  const lines = await received.allTextContents();
  expect(lines.every((line, index) => index === 0 || line !== lines[index - 1])).toBe(true);
  await expect(sheet(page).getByRole('list', { name: 'Codes read' }).getByRole('listitem').first()).toBeVisible();
  await sheet(page).getByRole('button', { name: 'Done' }).tap();
  await expect(sheet(page)).toBeHidden();
  await expect(status).toHaveText(/^Shelf: \d+ codes$/);

  // Aztec is in no frame of the video: nothing to read.
  await frame.getByLabel('The camera reads').selectOption('aztec');
  await frame.getByRole('button', { name: 'Scan with the camera' }).tap();
  await expect(sheet(page)).toBeVisible();
  await sheet(page).getByRole('button', { name: 'Close' }).tap();
  await expect(status).toHaveText('No code: cancelled');

  await frame.getByLabel('Give up after (seconds)').fill('2');
  await frame.getByRole('button', { name: 'Scan with the camera' }).tap();
  await expect(sheet(page)).toBeVisible();
  await expect(status).toHaveText('No code: timed-out', { timeout: 10_000 });
  await expect(sheet(page)).toBeHidden();
  expect(new Set(await cameraTracks(page))).toEqual(new Set(['ended']));
});

test('a camera the person refused: permission-denied, and the sheet closes', async ({ page }) => {
  const frame = await pickingPage(page);
  await frame.getByRole('button', { name: 'Scan with the camera' }).tap();
  await expect(scanStatus(frame)).toHaveText('No code: permission-denied');
  await expect(sheet(page)).toBeHidden();
});

test('the header’s scan button opens the camera for scan to open: a picking-list code opens its page', async ({ page, context }) => {
  await context.grantPermissions(['camera'], { origin: PORTAL });
  await storeEnglish(page);
  await signIn(page, 'picker', `${PORTAL}/`);
  await expectShell(page);
  await appReady(activeFrame(page));
  // The sheet takes the first code it reads: in turn, each code of the video. The picking list's
  // (Code 128 'PL-42-0007') opens its page; any other is named, as nothing on the home page takes it.
  const others = TEST_CODES.map((code) => code.text).filter((text) => text !== 'PL-42-0007');
  await expect(async () => {
    if (page.url().includes(PICKING)) return;
    await page.getByRole('button', { name: 'Scan with the camera' }).tap();
    await expect(sheet(page)).toBeVisible();
    await expect(sheet(page)).toBeHidden({ timeout: 10_000 });
    const named = page.getByText(/^Scanned “.*”: nothing here takes scans\.$/).last();
    if (!page.url().includes(PICKING)) {
      expect(others.map((text) => `Scanned “${text}”: nothing here takes scans.`)).toContain(await named.textContent());
      throw new Error('not the picking list’s code yet');
    }
  }).toPass({ timeout: 60_000 });
  await expect(page).toHaveURL(`${PORTAL}${PICKING}?pickingList=42`);
});

test.describe('on the shared handheld', () => {
  test('a lock during a scan closes the sheet (locked) and stops the camera; so does End shift', async ({ page, context }) => {
    test.setTimeout(120_000);
    await context.grantPermissions(['camera'], { origin: HANDHELD });
    await storeEnglish(page);
    await recordCameraStreams(page);
    await page.goto(`${HANDHELD}${PICKING}`);
    await page.getByRole('button', { name: 'Sign in' }).tap();
    await page.getByLabel('Username').fill('picker');
    await page.getByLabel('Password').fill('picker123');
    await page.getByRole('button', { name: 'Sign in' }).tap();
    const offer = page.getByRole('dialog', { name: 'Set a PIN for this shift' });
    await offer.getByLabel('PIN', { exact: true }).fill('2468');
    await offer.getByLabel('PIN again').fill('2468');
    await offer.getByRole('button', { name: 'Set PIN' }).tap();
    const frame = activeFrame(page);
    await appReady(frame);
    await expect(frame.getByText(/^Shell protocol 2; offers: .*scanner/)).toBeVisible();

    // Aztec: nothing in view to read, the sheet stays open.
    await frame.getByLabel('The camera reads').selectOption('aztec');
    await frame.getByRole('button', { name: 'Scan with the camera' }).tap();
    await expect(sheet(page)).toBeVisible();
    await expect(sheet(page).getByRole('status')).toHaveText('Hold the code inside the frame.');
    // Another tab finds the device idle past its lock time: it locks, every tab with it.
    const other = await context.newPage();
    await other.addInitScript(() => localStorage.setItem('sharedDeviceActivity', JSON.stringify(Date.now() - 6 * 60_000)));
    await other.goto(`${HANDHELD}/`);
    await expect(page.getByRole('dialog', { name: 'Screen locked' })).toBeVisible();
    await expect(sheet(page)).toBeHidden();
    await expect.poll(() => cameraTracks(page)).toEqual(['ended']);
    await page.getByRole('dialog', { name: 'Screen locked' }).getByLabel('PIN').fill('2468');
    await expect(page.getByRole('dialog', { name: 'Screen locked' })).toBeHidden();
    await expect(scanStatus(frame)).toHaveText('No code: locked');

    // The camera again; the shift ends in another tab meanwhile.
    await other.close();
    const third = await context.newPage();
    await third.goto(`${HANDHELD}/`);
    await expectShell(third);
    await frame.getByRole('button', { name: 'Scan with the camera' }).tap();
    await expect(sheet(page)).toBeVisible();
    await expect.poll(async () => (await cameraTracks(page)).filter((state) => state === 'live').length).toBe(1);
    await third.getByRole('button', { name: /^Account: / }).tap();
    await third.getByRole('menuitem', { name: 'End shift' }).tap();
    await expect(page.getByRole('heading', { name: 'Next person: sign in' })).toBeVisible({ timeout: 15_000 });
    await expect(sheet(page)).toBeHidden();
    expect(await cameraTracks(page)).toEqual(['ended', 'ended']);
  });
});
