import i18next from 'i18next';
import { useEffect, useLayoutEffect, useState, useSyncExternalStore } from 'react';
import type { ScannerSettings } from '../config/schema.ts';
import type { Scan } from '../../packages/frame-client/scanner.ts';
import type { KnownFrame } from '../frames/messenger.ts';
import type { FramePool } from '../frames/pool-store.ts';
import { DEFERRED_NAMESPACE } from '../i18n/languages.ts';
import { deferred } from '../ui/deferred.tsx';
import { notify } from '../ui/notify.ts';
import { drawnScanner } from './page-scanner.ts';
import { ShellScanner, type DeviceState, type ScanRequests } from './shell-scanner.ts';

// The header's button comes with the scanner: one chunk behind the first screen.
export { ScanButton } from './ScanButton.tsx';


/** The shared device as the scanner sees it (structurally its SharedDevice): its state, and where a scan on the lock goes. */
export interface ScanningDevice {
  getView(): { kind: string };
  subscribe(listener: () => void): () => void;
  scanned(text: string): void;
}

/** The shell's controller as the scanner uses it. */
export interface ScanningShell {
  /** Hands the frames' camera requests to the scanner (waiting until it has loaded). */
  attachScanner(scanner: ScanRequests): void;
  /** Scan to open: the same way as a menu tap. */
  go(path: string): void;
  /** Hands a scan to a frame (the messenger's, which the scanner's chunk does not import: it would split the protocol's modules off the start). */
  sendScan(frame: KnownFrame, scan: Scan): void;
}

export interface ScanningProps {
  settings: ScannerSettings;
  pool: FramePool;
  /** A modal frame covers the route's frame: no scan goes to the frame beneath it. */
  covered: boolean;
  shell: ScanningShell;
  /** A shared device's shift, once loaded; null on a personal device. */
  device: ScanningDevice | null;
}

// Loaded when the sheet first opens: the camera and the decoder never load before.
const CameraSheet = deferred(() => import('./CameraSheet.tsx').then((module) => module.CameraSheet));

const stateOf = (device: ScanningDevice | null): DeviceState => {
  const kind = device?.getView().kind;
  return kind === 'locked' ? 'locked' : kind === 'ending' ? 'ending' : 'working';
};

/**
 * The shell's scanner (README "Scanning"), loaded behind the first screen: the wedge's listener over
 * the shell's document, the camera requests of frames and of the header's button, and the sheet.
 */
export function Scanning({ settings, pool, covered, shell, device }: ScanningProps) {
  const [scanner] = useState(() => new ShellScanner(settings, (code) => notify('note', i18next.t('Scanner.NothingTakes', { ns: DEFERRED_NAMESPACE, code }))));
  useLayoutEffect(
    () =>
      scanner.follow({
        listeningFrame: () => {
          const key = pool.getSnapshot().activeKey;
          return covered || key === null || !pool.takesPart(key, 'scanner') ? null : pool.find(pool.element(key)?.contentWindow ?? null);
        },
        shown: (frame) => pool.getSnapshot().activeKey === frame.key,
        device: () => stateOf(device),
        onLock: (text) => device?.scanned(text),
        open: shell.go,
        send: shell.sendScan,
      }),
    [scanner, covered, pool, device, shell],
  );
  useEffect(() => scanner.listen(), [scanner]);
  useEffect(() => shell.attachScanner(scanner), [scanner, shell]);
  useEffect(() => drawnScanner(scanner), [scanner]);
  useEffect(() => pool.subscribe(scanner.check), [scanner, pool]);
  useEffect(() => {
    scanner.check();
    return device?.subscribe(scanner.check);
  }, [scanner, device]);
  useEffect(() => () => scanner.dispose(), [scanner]);
  const { sheet } = useSyncExternalStore(scanner.subscribe, scanner.getState);
  return sheet ? (
    <CameraSheet
      key={sheet.id}
      request={sheet}
      feedback={settings.feedback}
      onRead={(scan) => scanner.read(sheet.id, scan)}
      onClose={(reason) => scanner.close(sheet.id, reason)}
    />
  ) : null;
}
