import type { FrameClient } from '../../../packages/frame-client/index.ts';
import { BARCODE_FORMATS, createScanner, ScanError, type BarcodeFormat, type Scan } from '../../../packages/frame-client/scanner.ts';
import { byId } from './controls.ts';

/**
 * The sample apps' use of the shell's scanner (README "Scanning"): `createScanner(client).onScan` for the
 * handheld's wedge (the shell's scans while this frame is shown, and bursts in this page outside its
 * fields) and the camera's codes the header's button hands over; `scan()` for the
 * shell's camera. Every scan is written as text, never as markup.
 */

const describeScan = (scan: Scan) => `${scan.source}${scan.format ? ` (${scan.format})` : ''}: ${scan.text}`;
const reasonOf = (error: unknown) => (error instanceof ScanError ? error.reason : (error as Error).message);

/**
 * Listens to the shell's scans while `on` (the page's route takes them), and stops when the app routes in
 * place elsewhere: the shell then sends a scan nothing here takes to "scan to open" or its notice.
 */
type ScanSwitch = (on: boolean) => void;
function scanSwitch(client: FrameClient, listener: (scan: Scan) => void): ScanSwitch {
  let stop: (() => void) | null = null;
  return (on) => {
    if (on) stop ??= createScanner(client).onScan(listener);
    else {
      stop?.();
      stop = null;
    }
  };
}

/** The warehouse's picking page: every scan in one list, whichever way it came. */
export function wirePicking(client: FrameClient): ScanSwitch {
  const list = byId<HTMLOListElement>('scans');
  const status = byId('scan-status');
  const format = byId<HTMLSelectElement>('scan-format');
  const add = (line: string) => list.append(Object.assign(document.createElement('li'), { textContent: line }));
  // The item-code field takes a scan as typing (the page's own field), Enter picks it.
  const code = byId<HTMLInputElement>('pick-code');
  byId('pick-form').addEventListener('submit', (event) => {
    event.preventDefault();
    if (code.value) add(`typed: ${code.value}`);
    code.value = '';
  });
  format.append(...BARCODE_FORMATS.map((name) => Object.assign(document.createElement('option'), { value: name, textContent: name })));
  const timeout = byId<HTMLInputElement>('scan-timeout');
  const options = () => ({ formats: format.value ? [format.value as BarcodeFormat] : [], ...(timeout.value ? { timeoutS: Number(timeout.value) } : {}) });
  byId('scan-one').addEventListener('click', () => {
    status.textContent = 'Camera open';
    createScanner(client).scan(options()).then(
      (scan) => {
        add(describeScan(scan));
        status.textContent = 'Camera closed';
      },
      (error: unknown) => (status.textContent = `No code: ${reasonOf(error)}`),
    );
  });
  byId('scan-shelf').addEventListener('click', () => {
    status.textContent = 'Shelf: scanning';
    createScanner(client).scan({ ...options(), continuous: true, onRead: (scan) => add(describeScan(scan)) }).then(
      (scans) => (status.textContent = `Shelf: ${scans.length} codes`),
      (error: unknown) => (status.textContent = `No code: ${reasonOf(error)}`),
    );
  });
  void client.connected.then(() => {
    if (!client.supports('scanner')) status.textContent = 'This shell offers no scanner';
  });
  return scanSwitch(client, (scan) => add(describeScan(scan)));
}

/** The POS's till: a scanned SKU chooses its product, again adds one more of it. */
export function wireTillScans(client: FrameClient): ScanSwitch {
  const product = byId<HTMLSelectElement>('sale-product');
  const quantity = byId<HTMLInputElement>('sale-quantity');
  const status = byId('sale-status');
  const take = (scan: Scan) => {
    const option = [...product.options].find((candidate) => candidate.value === scan.text);
    if (!option) return void (status.textContent = `No product with the code ${scan.text}`);
    const again = product.value === option.value;
    product.value = option.value;
    quantity.value = String(again ? Math.min(999, Number(quantity.value) + 1) : 1);
    status.textContent = `Scanned ${option.textContent ?? scan.text}: quantity ${quantity.value}`;
  };
  byId('scan-product').addEventListener('click', () =>
    createScanner(client).scan({ formats: ['code_128', 'ean_13', 'qr_code'] }).then(take, (error: unknown) => (status.textContent = `No code: ${reasonOf(error)}`)),
  );
  return scanSwitch(client, take);
}
