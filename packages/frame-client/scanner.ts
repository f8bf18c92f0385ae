/**
 * The scanner's part of the frame protocol (README "Scanning"): the handheld's keyboard-wedge scanner
 * and the shell's camera serve every embedded app through one API, `client.scanner`.
 *
 * - A scan made while the app's frame is the one shown, with the focus in the shell, comes as 'scan'
 *   (to an app that takes part in the `scanner` capability: it registered `onScan`).
 * - Bursts typed into the app's own document outside its editable fields are recognised here, by the
 *   rules the shell sent in its welcome, and reach the same listeners.
 * - `scan()` asks the shell to open its camera sheet over the frame: 'scan-request', answered at once by
 *   'scan-opened' (or 'scan-done' with a reason), then 'scan-read' for each code and 'scan-done' when the
 *   sheet closes.
 * Dependency-free and validated on both sides, like the rest of the protocol.
 */
import { isRecord, isRequestId, newRequestId, PROTOCOL } from './protocol.ts';
import { oncePerClient, type FramePort } from './handshake.ts';
import { cleanScanText, listenForScans } from './wedge.ts';

/** The formats the camera reads (the Barcode Detection API's names); an app may ask for some of them. */
export const BARCODE_FORMATS = [
  'ean_13',
  'ean_8',
  'upc_a',
  'upc_e',
  'code_128',
  'code_39',
  'code_93',
  'codabar',
  'itf',
  'qr_code',
  'data_matrix',
  'aztec',
  'pdf417',
] as const;
export type BarcodeFormat = (typeof BARCODE_FORMATS)[number];

/** One scan: its text (control characters removed, at most MAX_SCAN_LENGTH), how it was made, and by the camera its format. */
export interface Scan {
  text: string;
  source: 'wedge' | 'camera';
  format?: BarcodeFormat;
}

/** Why `scan()` gave no code. */
export const SCAN_REFUSALS = ['not-supported', 'permission-denied', 'cancelled', 'timed-out', 'busy', 'locked', 'not-verified'] as const;
export type ScanRefusal = (typeof SCAN_REFUSALS)[number];

/** The sheet closes after `timeoutS` seconds without a read: between these. */
export const SCAN_TIMEOUT_LIMITS = { min: 1, max: 600 } as const;

export interface ScanRequest {
  protocol: typeof PROTOCOL;
  type: 'scan-request';
  requestId: string;
  /** Only these formats ([]: every format the shell reads). */
  formats: BarcodeFormat[];
  timeoutS: number | null;
  /** Codes one by one until the person closes the sheet. */
  continuous: boolean;
}

export type ScannerReply =
  | { protocol: typeof PROTOCOL; type: 'scan'; scan: Scan }
  | { protocol: typeof PROTOCOL; type: 'scan-opened'; requestId: string }
  | { protocol: typeof PROTOCOL; type: 'scan-read'; requestId: string; scan: Scan }
  /** The sheet closed: `reason` null when the person closed it or the one code was read. */
  | { protocol: typeof PROTOCOL; type: 'scan-done'; requestId: string; reason: ScanRefusal | null };

const isFormat = (value: unknown): value is BarcodeFormat => (BARCODE_FORMATS as readonly unknown[]).includes(value);

/** A scan as either side receives it; null for anything else. Its text is cleaned again here. */
export function parseScan(value: unknown): Scan | null {
  if (!isRecord(value) || typeof value.text !== 'string' || (value.source !== 'wedge' && value.source !== 'camera')) return null;
  if (value.format !== undefined && !isFormat(value.format)) return null;
  const text = cleanScanText(value.text);
  return text === null ? null : { text, source: value.source, ...(value.format ? { format: value.format } : {}) };
}

/**
 * A camera request as the shell's messenger hands it on (index.ts parseFrameMessage): its id checked,
 * so that it can be answered; its options are checked by the shell's scanner that reads them
 * (parseScanRequest), which loads behind the shell's first screen, and answers an invalid one
 * `not-supported`.
 */
export interface ScanRequestEnvelope {
  protocol: typeof PROTOCOL;
  type: 'scan-request';
  requestId: string;
  data: Record<string, unknown>;
}

/** The shell's scanner's side: a camera request's options; null for anything else. */
export function parseScanRequest(data: Record<string, unknown>): ScanRequest | null {
  const { requestId, formats, timeoutS, continuous } = data;
  if (!isRequestId(requestId) || !Array.isArray(formats) || formats.length > BARCODE_FORMATS.length || !formats.every(isFormat)) return null;
  const timeout = timeoutS === null || (Number.isInteger(timeoutS) && (timeoutS as number) >= SCAN_TIMEOUT_LIMITS.min && (timeoutS as number) <= SCAN_TIMEOUT_LIMITS.max);
  if (!timeout || typeof continuous !== 'boolean') return null;
  return { protocol: PROTOCOL, type: 'scan-request', requestId, formats: [...new Set(formats)], timeoutS: timeoutS as number | null, continuous };
}

/** The app's side: a reply of the shell's scanner; null for anything else. */
export function parseScannerReply(data: Record<string, unknown>): ScannerReply | null {
  switch (data.type) {
    case 'scan': {
      const scan = parseScan(data.scan);
      return scan ? { protocol: PROTOCOL, type: 'scan', scan } : null;
    }
    case 'scan-opened':
      return isRequestId(data.requestId) ? { protocol: PROTOCOL, type: 'scan-opened', requestId: data.requestId } : null;
    case 'scan-read': {
      const scan = parseScan(data.scan);
      return scan && isRequestId(data.requestId) ? { protocol: PROTOCOL, type: 'scan-read', requestId: data.requestId, scan } : null;
    }
    case 'scan-done': {
      const reason = data.reason === null || (SCAN_REFUSALS as readonly unknown[]).includes(data.reason) ? (data.reason as ScanRefusal | null) : undefined;
      return isRequestId(data.requestId) && reason !== undefined ? { protocol: PROTOCOL, type: 'scan-done', requestId: data.requestId, reason } : null;
    }
    default:
      return null;
  }
}

/** `scan()` gave no code: `reason` says why. */
export class ScanError extends Error {
  constructor(readonly reason: ScanRefusal) {
    super(`The shell's scanner gave no code: ${reason}`);
    this.name = 'ScanError';
  }
}

export interface ScanOptions {
  /** Only these formats (default: every format the shell reads). */
  formats?: BarcodeFormat[];
  /** Close the sheet after this many seconds without a read (1–600; default: never). */
  timeoutS?: number;
}

/** Continuous: codes one by one to `onRead` until the person closes the sheet. */
export interface ContinuousScanOptions extends ScanOptions {
  continuous: true;
  onRead?(scan: Scan): void;
}

/** The shell answers a camera request at once; an app waits this long before it takes the shell for one without a scanner. */
export const SCAN_ANSWER_TIMEOUT_MS = 5000;

export type ScanListener = (scan: Scan) => void;

export type ScannerClient = ReturnType<typeof openScanner>;

/**
 * The handheld's scanner and the shell's camera for an app's frame client
 * (`import { createScanner } from '@staff-portal/frame-client/scanner'`; README "Scanning"): ask `supports('scanner')`.
 * One per client: its listeners are one set, so the last one's undo leaves the capability.
 */
export const createScanner: (client: { port: FramePort }) => ScannerClient = /* @__PURE__ */ oncePerClient(openScanner);

function openScanner(handshake: FramePort) {
  const { send, parentOrigin } = handshake;
  const replyIn = (event: MessageEvent): ScannerReply | null =>
    parentOrigin !== undefined && event.origin === parentOrigin && isRecord(event.data) && event.data.protocol === PROTOCOL ? parseScannerReply(event.data) : null;
  const listeners = new Set<ScanListener>();
  const emit = (scan: Scan) => listeners.forEach((listener) => listener(scan));
  let stopListening: (() => void) | null = null;

  function listen(): void {
    if (stopListening) return;
    const onMessage = (event: MessageEvent) => {
      const reply = replyIn(event);
      if (reply?.type === 'scan') emit(reply.scan);
    };
    addEventListener('message', onMessage);
    let stopWedge = () => undefined as void;
    let stopped = false;
    // The app's own document, by the shell's rules: only when the shell offers the scanner to this frame.
    void handshake.connected.then(({ scanner }) => {
      if (!stopped && scanner && handshake.supports('scanner')) stopWedge = listenForScans(globalThis as Window & typeof globalThis, scanner, (text) => emit({ text, source: 'wedge' }), 'leave');
    });
    stopListening = () => {
      stopped = true;
      removeEventListener('message', onMessage);
      stopWedge();
      stopListening = null;
    };
  }

  function scan(options?: ScanOptions & { continuous?: false }): Promise<Scan>;
  function scan(options: ContinuousScanOptions): Promise<Scan[]>;
  async function scan(options: ScanOptions & { continuous?: boolean; onRead?(scan: Scan): void } = {}): Promise<Scan | Scan[]> {
    const { formats = [], timeoutS = null, continuous = false, onRead } = options;
    const request = parseScanRequest({ requestId: newRequestId(), formats, timeoutS, continuous });
    if (!request) throw new TypeError('scan(): formats must be among BARCODE_FORMATS, timeoutS whole seconds from 1 to 600');
    await handshake.connected;
    if (!handshake.supports('scanner')) throw new ScanError('not-supported');
    const { requestId } = request;
    const read: Scan[] = [];
    return new Promise<Scan | Scan[]>((resolve, reject) => {
      const finish = () => {
        clearTimeout(unanswered);
        removeEventListener('message', onMessage);
      };
      // A shell that offered the scanner and then never answers (it went away): never a hang.
      const unanswered = setTimeout(() => {
        finish();
        reject(new ScanError('not-supported'));
      }, SCAN_ANSWER_TIMEOUT_MS);
      const onMessage = (event: MessageEvent) => {
        const reply = replyIn(event);
        if (!reply || reply.type === 'scan' || reply.requestId !== requestId) return;
        if (reply.type === 'scan-opened') return clearTimeout(unanswered);
        if (reply.type === 'scan-read') {
          read.push(reply.scan);
          if (continuous) return onRead?.(reply.scan);
          finish();
          return resolve(reply.scan);
        }
        finish();
        if (continuous && read.length > 0) resolve(read);
        else reject(new ScanError(reply.reason ?? 'cancelled'));
      };
      addEventListener('message', onMessage);
      send(request);
    });
  }

  return {
    /**
     * Called with every scan made for this app: the wedge's with the focus in the shell while this frame
     * is the one shown, and the bursts typed into this document outside its editable fields (a field
     * takes a scan as typing, as before). Returns the undo; the shell stops sending scans once no
     * listener is left.
     */
    onScan(listener: ScanListener): () => void {
      listeners.add(listener);
      handshake.take('scanner');
      listen();
      return () => {
        listeners.delete(listener);
        if (listeners.size > 0) return;
        stopListening?.();
        handshake.leave('scanner');
      };
    },
    /**
     * Opens the shell's camera sheet over the frame. Resolves with the code read (continuous: with the
     * codes read, once the person closes the sheet; each also went to `onRead`); rejects with a
     * ScanError naming why there is none.
     */
    scan,
  };
}
