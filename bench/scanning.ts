/**
 * Part of `npm run bench` (issue 55): scanning on the handheld profile (profiles.ts: CPU 4×, shaped
 * network), in Chromium with a fake camera playing the barcodes of dev/testing/barcode-video.ts.
 * - a wedge scan with the focus in the shell: the last key reaching the browser → the picking app's
 *   listener (SCANNING_RUNS scans, default 20);
 * - SCANNING_SCANS scans (default 500) with the focus moved at random between the shell (a header
 *   button, the menu search's field) and the frame (a button, its page): lost, delivered twice, typed
 *   into a shell field;
 * - the camera sheet opened → its first read with the WebAssembly decoder (Linux Chromium has no
 *   BarcodeDetector), the first opening and SCANNING_CAMERA − 1 more (default 5 in all);
 * - the critical path of a signed-in start, and whether any of the decoder's files are on it.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Frame, type Page } from 'playwright-core';
import { barcodeVideo } from '../dev/testing/barcode-video.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../dev/testing/chromium.ts';
import { measureCriticalPath } from '../scripts/critical-path.ts';
// Renamed on import: the React hooks lint takes any use* call outside a component for a hook.
import { useEnglish as storeEnglish } from '../tests/e2e/support.ts';
import { wedge } from '../tests/e2e/wedge.ts';
import { allowEvaluatedFunctions, runCount } from './measure.ts';
import { signInAs } from './portal.ts';
import { HANDHELD } from './profiles.ts';
import { formatScanningTable, type ScanningSamples } from './scanning-report.ts';
import { servePortal } from './serve.ts';

const RUNS = runCount('SCANNING_RUNS', process.env.SCANNING_RUNS, 20);
const SCANS = runCount('SCANNING_SCANS', process.env.SCANNING_SCANS, 500);
const CAMERA = runCount('SCANNING_CAMERA', process.env.SCANNING_CAMERA, 5);
const PICKING = '/warehousing/export/picking-process';
/** A scan that has not reached the app by then is lost. */
const DELIVERY_TIMEOUT_MS = 5000;

type Marks = { suffixAt: number[] };
type Received = { received: { text: string; at: number }[] };

/** In the shell, before its own listeners: when each scan's last key (Enter) reached it, on the machine's clock. */
function recordSuffixes() {
  if (window !== window.top) return;
  const marks: Marks = { suffixAt: [] };
  Object.assign(window, { scanMarks: marks });
  addEventListener('keydown', (event) => event.key === 'Enter' && marks.suffixAt.push(performance.timeOrigin + event.timeStamp), { capture: true });
}

/** In the picking app: each line its scan list gains, with when, on the machine's clock. */
async function recordReceived(frame: Frame): Promise<void> {
  await frame.evaluate(() => {
    const log: Received = { received: [] };
    Object.assign(window, { scanLog: log });
    const list = document.getElementById('scans')!;
    new MutationObserver((records) => {
      const at = performance.timeOrigin + performance.now();
      for (const record of records) record.addedNodes.forEach((node) => log.received.push({ text: node.textContent ?? '', at }));
    }).observe(list, { childList: true });
  });
}

const receivedIn = (frame: Frame) => frame.evaluate(() => (window as unknown as { scanLog: Received }).scanLog.received);

/** Waits until the app received `line` (null after the time-out: lost); its time on the machine's clock. */
async function arrival(frame: Frame, line: string): Promise<number | null> {
  const handle = await frame
    .waitForFunction((wanted) => (window as unknown as { scanLog: Received }).scanLog.received.find((entry) => entry.text === wanted)?.at ?? false, line, { timeout: DELIVERY_TIMEOUT_MS })
    .catch(() => null);
  return handle ? ((await handle.jsonValue()) as number) : null;
}

async function pickingFrame(page: Page): Promise<Frame> {
  const element = await page.locator('.frame-host iframe:not([hidden])').elementHandle();
  const frame = await element?.contentFrame();
  if (!frame) throw new Error('no picking frame');
  await frame.getByText(/^Shell protocol 2; offers: .*scanner/).waitFor({ timeout: 60_000 });
  return frame;
}

const shellButton = (page: Page) => page.getByRole('button', { name: /^Site: / });

/** Scans with the focus in the shell's header: the last key → the app's listener. */
async function wedgeToListener(page: Page, frame: Frame, samples: ScanningSamples): Promise<void> {
  for (let run = 0; run < RUNS; run++) {
    await shellButton(page).focus();
    const code = `LAT-${String(run).padStart(4, '0')}`;
    await wedge(page, code);
    const at = await arrival(frame, `wedge: ${code}`);
    const suffixAt = await page.evaluate(() => (window as unknown as { scanMarks: Marks }).scanMarks.suffixAt.at(-1) ?? null);
    if (at !== null && suffixAt !== null) samples.toListener.push(at - suffixAt);
  }
}

/** Scans with the focus moved at random between the shell and the frame. */
async function randomFocus(page: Page, frame: Frame, samples: ScanningSamples): Promise<void> {
  const search = page.getByRole('dialog', { name: 'Search menu' }).getByRole('combobox');
  const places = [
    async () => shellButton(page).focus(),
    async () => {
      await shellButton(page).focus();
      await page.keyboard.press('Control+K');
      await search.waitFor();
      return 'search' as const;
    },
    async () => frame.getByRole('button', { name: 'Scan a shelf' }).focus(),
    async () => frame.evaluate(() => (document.activeElement as HTMLElement | null)?.blur()),
  ];
  for (let scan = 0; scan < SCANS; scan++) {
    const place = await places[Math.floor(Math.random() * places.length)]!();
    const code = `RND-${String(scan).padStart(4, '0')}`;
    await wedge(page, code);
    samples.random.sent++;
    if ((await arrival(frame, `wedge: ${code}`)) === null) samples.random.lost++;
    if (place === 'search') {
      if ((await search.inputValue()) !== '') samples.random.typedIntoShell++;
      await page.keyboard.press('Escape');
      await search.waitFor({ state: 'hidden' });
    }
  }
  const lines = (await receivedIn(frame)).map((entry) => entry.text).filter((text) => text.startsWith('wedge: RND-'));
  samples.random.twice = lines.length - new Set(lines).size;
}

/** The app's camera button → the first code read (the video starts with the Code 128 the app asks for). */
async function cameraToRead(page: Page, frame: Frame, samples: ScanningSamples): Promise<void> {
  await frame.getByLabel('The camera reads').selectOption('code_128');
  const sheet = page.getByRole('dialog', { name: 'Scan a code' });
  for (let run = 0; run < CAMERA; run++) {
    const before = (await receivedIn(frame)).length;
    const tapped = await frame.getByRole('button', { name: 'Scan with the camera' }).evaluate((button: HTMLElement) => (button.click(), performance.timeOrigin + performance.now()));
    const read = await frame
      .waitForFunction((count) => (window as unknown as { scanLog: Received }).scanLog.received.slice(count).find((entry) => entry.text.startsWith('camera'))?.at ?? false, before, { timeout: 30_000 })
      .then(async (handle) => (await handle.jsonValue()) as number)
      .catch(() => null);
    if (run === 0) samples.camera.first = read === null ? null : read - tapped;
    else if (read !== null) samples.camera.again.push(read - tapped);
    await sheet.waitFor({ state: 'hidden' });
  }
}

async function main() {
  const video = join(tmpdir(), `staff-portal-bench-barcodes-${process.pid}.y4m`);
  writeFileSync(video, barcodeVideo());
  const server = await servePortal();
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${video}`],
  });
  const samples: ScanningSamples = {
    toListener: [],
    random: { sent: 0, lost: 0, twice: 0, typedIntoShell: 0 },
    camera: { first: null, again: [] },
    criticalPath: { gzip: 0, decoderFiles: [] },
  };
  const loadAtStart = loadavg()[0] ?? 0;
  try {
    console.log(`Scanning: ${RUNS} scans timed, ${SCANS} with the focus moved at random, ${CAMERA} camera openings, on the handheld profile (${server.origin})`);
    const context = await browser.newContext({ ...HANDHELD.context, serviceWorkers: 'allow' });
    await allowEvaluatedFunctions(context);
    await context.grantPermissions(['camera'], { origin: server.origin });
    await context.addInitScript(recordSuffixes);
    const page = await context.newPage();
    await storeEnglish(page);
    await HANDHELD.prepare(page, false);
    await signInAs(page, server.origin, 'picker', 'picker123');
    await page.goto(`${server.origin}${PICKING}`);
    const frame = await pickingFrame(page);
    await recordReceived(frame);
    // The shell's scanner is drawn behind the first screen, with the header's scan button.
    await page.getByRole('button', { name: 'Scan with the camera' }).waitFor({ timeout: 60_000 });
    await wedgeToListener(page, frame, samples);
    await randomFocus(page, frame, samples);
    await cameraToRead(page, frame, samples);
    await context.close();

    const path = measureCriticalPath('dist', 'vi');
    samples.criticalPath = { gzip: path.gzip, decoderFiles: path.files.map((entry) => entry.file).filter((file) => /\/(Scanning|CameraSheet|ponyfill|zxing)[^/]*$/i.test(file)) };
    const machine = `${cpus().length} cores, 1-minute load average ${loadAtStart.toFixed(1)} at the start and ${(loadavg()[0] ?? 0).toFixed(1)} at the end`;
    console.log(`\n${formatScanningTable(samples, HANDHELD.description, machine)}`);
  } finally {
    await browser.close();
    await server.close();
    rmSync(video, { force: true });
  }
}

await main();
