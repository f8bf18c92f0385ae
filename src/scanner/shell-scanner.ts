import { PROTOCOL } from '../../packages/frame-client/protocol.ts';
import { parseScanRequest, type BarcodeFormat, type Scan, type ScanRefusal } from '../../packages/frame-client/scanner.ts';
import { listenForScans } from '../../packages/frame-client/wedge.ts';
import type { ScannerSettings } from '../config/schema.ts';
import type { KnownFrame, ScannerPost, ScanRequestMessage } from '../frames/messenger.ts';
import { compileOpenRules, scanDestination, type OpenRules } from './route-scan.ts';

/** What the shell's controller hands the scanner once it has loaded: the frames' camera requests. */
export interface ScanRequests {
  request(frame: KnownFrame, message: ScanRequestMessage, post: ScannerPost): void;
}

/** What the camera sheet is asked to read. */
export interface SheetRequest {
  id: number;
  /** [] for every format the decoder reads. */
  formats: BarcodeFormat[];
  timeoutS: number | null;
  continuous: boolean;
}

/** The sheet open now, and whom it reads for: a frame's `scan()`, or scan to open (the header's button). */
interface OpenSheet extends SheetRequest {
  asker: { frame: KnownFrame; requestId: string; post: ScannerPost } | null;
}

/** A shared device's state (a personal device is always working): scans and the camera serve only a working one. */
export type DeviceState = 'working' | 'locked' | 'ending';

/** The page as it is now (the scanner follows each render, as the shell's controller does). */
export interface ScannerPage {
  /** The frame shown now when its app takes scans (and nothing covers it); else null. */
  listeningFrame(): KnownFrame | null;
  /** Whether `frame` is the one shown now. */
  shown(frame: KnownFrame): boolean;
  device(): DeviceState;
  /** A scan while the device is locked: only a badge counts there (shared-device). */
  onLock(text: string): void;
  /** Scan to open: the route, through the same gate as a menu tap. */
  open(path: string): void;
  /** Hands a scan to a frame (the messenger's sendScan). */
  send(frame: KnownFrame, scan: Scan): void;
}

/**
 * The shell's scanner (README "Scanning"), framework-free: recognises the wedge's bursts wherever the
 * focus is in the shell and sends each scan where it belongs (route-scan.ts), and keeps the one camera
 * sheet: who asked for it, its reads, why it closed. Scanning.tsx draws the sheet.
 */
export class ShellScanner implements ScanRequests {
  private state: { sheet: OpenSheet | null } = { sheet: null };
  private readonly listeners = new Set<() => void>();
  private readonly rules: OpenRules;
  private nextId = 1;
  private page: ScannerPage | null = null;

  /** `notice`: nothing here takes a scan; a short notice names it. */
  constructor(
    private readonly settings: ScannerSettings,
    private readonly notice: (text: string) => void,
  ) {
    this.rules = compileOpenRules(settings.open);
  }

  follow(page: ScannerPage): void {
    this.page = page;
  }

  private get deps(): ScannerPage {
    if (!this.page) throw new Error('ShellScanner used before it followed the page');
    return this.page;
  }

  getState = (): { sheet: SheetRequest | null } => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private setSheet(sheet: OpenSheet | null): void {
    this.state = { sheet };
    this.listeners.forEach((listener) => listener());
  }

  /** The wedge, in the shell's whole document (a scan never types into a shell field); returns the undo. */
  listen(target: Window = window): () => void {
    return listenForScans(target, this.settings.wedge, (text) => this.take({ text, source: 'wedge' }, 'app'), 'take');
  }

  /** A scan, sent where it belongs: the lock, the listening app, scan to open, or a notice. */
  take(scan: Scan, first: 'app' | 'open'): void {
    const frame = this.deps.listeningFrame();
    const destination = scanDestination(scan.text, { locked: this.deps.device() !== 'working', appListens: frame !== null, first }, this.rules);
    switch (destination.kind) {
      case 'lock':
        return this.deps.onLock(scan.text);
      case 'frame':
        return this.deps.send(frame!, scan);
      case 'open':
        return this.deps.open(destination.path);
      case 'notice':
        return this.notice(scan.text);
    }
  }

  /** A frame's `scan()`: answered at once, refused (options it cannot read, locked, busy) or opened. */
  request(frame: KnownFrame, { requestId, data }: ScanRequestMessage, post: ScannerPost): void {
    const refuse = (reason: ScanRefusal) => post({ protocol: PROTOCOL, type: 'scan-done', requestId, reason });
    const options = parseScanRequest(data);
    if (!options) return refuse('not-supported');
    const { formats, timeoutS, continuous } = options;
    if (this.deps.device() !== 'working') return refuse('locked');
    // One sheet at a time, and only over the frame the person sees.
    if (this.state.sheet || !this.deps.shown(frame)) return refuse('busy');
    post({ protocol: PROTOCOL, type: 'scan-opened', requestId });
    this.setSheet({ id: this.nextId++, formats, timeoutS, continuous, asker: { frame, requestId, post } });
  }

  openCamera = (): void => {
    if (this.state.sheet || this.deps.device() !== 'working') return;
    this.setSheet({ id: this.nextId++, formats: [], timeoutS: null, continuous: false, asker: null });
  };

  /** The sheet `id` read a code: to its asker, or scan to open's way; a sheet for one code closes. */
  read(id: number, scan: Scan): void {
    const sheet = this.state.sheet;
    if (sheet?.id !== id) return;
    sheet.asker?.post({ protocol: PROTOCOL, type: 'scan-read', requestId: sheet.asker.requestId, scan });
    if (!sheet.continuous) this.close(id, null);
    if (!sheet.asker) this.take(scan, 'open');
  }

  /** The sheet `id` closed: `reason` null when the person closed it or its one code was read. */
  close(id: number, reason: ScanRefusal | null): void {
    const sheet = this.state.sheet;
    if (sheet?.id !== id) return;
    sheet.asker?.post({ protocol: PROTOCOL, type: 'scan-done', requestId: sheet.asker.requestId, reason });
    this.setSheet(null);
  }

  /** The device locked or its shift is ending, or the asking frame is no longer shown: the sheet closes, and its camera with it. */
  check = (): void => {
    const sheet = this.state.sheet;
    if (!sheet) return;
    const device = this.deps.device();
    if (device === 'locked') this.close(sheet.id, 'locked');
    else if (device === 'ending' || (sheet.asker && !this.deps.shown(sheet.asker.frame))) this.close(sheet.id, 'cancelled');
  };

  dispose(): void {
    if (this.state.sheet) this.close(this.state.sheet.id, 'cancelled');
  }
}
