import flashlightOutline from 'ionicons-svg/flashlight-outline.svg?raw';
import { useEffect, useId, useRef, useState } from 'react';
import type { Scan, ScanRefusal } from '../../packages/frame-client/scanner.ts';
import { cleanScanText } from '../../packages/frame-client/wedge.ts';
import { useDeferredTranslation } from '../i18n/index.ts';
import { Icon } from '../ui/Icon.tsx';
import { hasTorch, openCamera, refusalOf, setTorch, stopCamera } from './camera.ts';
import { createReader, detectorText, formatOf } from './decoder.ts';
import { readSignal, type ReadFeedback } from './feedback.ts';
import type { SheetRequest } from './shell-scanner.ts';
import './camera-sheet.css';

/** Continuous reading: a code still in view is not read again; once out of view this long, it may be. */
const SEEN_AGAIN_MS = 2000;

/**
 * The camera sheet (README "Scanning"): the platform's modal <dialog>, in the top layer over the shell
 * and its frames, the camera's picture filling it with a viewfinder to aim, Close and the torch at the
 * bottom within a thumb's reach. It reads with the decoder (decoder.ts) until a code (or, continuous,
 * until the person closes it); the camera stops when it closes, whatever closed it.
 */
export function CameraSheet({
  request,
  feedback,
  onRead,
  onClose,
}: {
  request: SheetRequest;
  feedback: ReadFeedback;
  onRead: (scan: Scan) => void;
  onClose: (reason: ScanRefusal | null) => void;
}) {
  const { t } = useDeferredTranslation();
  const title = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const video = useRef<HTMLVideoElement>(null);
  const [reading, setReading] = useState(false);
  const [torch, setTorchState] = useState<{ track: MediaStreamTrack; on: boolean } | null>(null);
  const [reads, setReads] = useState<string[]>([]);
  // The callbacks of the latest render, for the reading loop that outlives it.
  const latest = useRef({ onRead, onClose });
  useEffect(() => {
    latest.current = { onRead, onClose };
  });

  useEffect(() => {
    const element = dialog.current;
    element?.showModal();
    return () => element?.close();
  }, []);

  useEffect(() => {
    let live = true;
    let stream: MediaStream | null = null;
    let idle: ReturnType<typeof setTimeout> | undefined;
    const signal = readSignal(feedback);
    const close = (reason: ScanRefusal | null) => {
      if (!live) return;
      live = false;
      latest.current.onClose(reason);
    };
    // timeoutS: the sheet closes after that long without a read.
    const waitForRead = () => {
      clearTimeout(idle);
      if (request.timeoutS !== null) idle = setTimeout(() => close('timed-out'), request.timeoutS * 1000);
    };
    const seen = new Map<string, number>();
    const read = async () => {
      const reader = createReader(request.formats);
      const opened = await openCamera();
      if (!live) return stopCamera(opened);
      stream = opened;
      const [track] = opened.getVideoTracks();
      if (track && hasTorch(track)) setTorchState({ track, on: false });
      const view = video.current!;
      view.srcObject = opened;
      await view.play();
      const decoder = await reader;
      setReading(true);
      while (live) {
        const now = performance.now();
        for (const code of await decoder.detect(view)) {
          const text = cleanScanText(detectorText(code.format, code.rawValue));
          if (!live || text === null) continue;
          const last = seen.get(text);
          seen.set(text, now);
          if (last !== undefined && now - last < SEEN_AGAIN_MS) continue;
          signal.signal();
          const format = formatOf(code.format);
          latest.current.onRead({ text, source: 'camera', ...(format ? { format } : {}) });
          if (!request.continuous) return void (live = false);
          setReads((earlier) => [text, ...earlier]);
          waitForRead();
        }
        // One frame at a time, and a moment for the page between two.
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    waitForRead();
    read().catch((error: unknown) => close(refusalOf(error)));
    // A page put away (another app, the screen off) gives the camera back.
    const onHidden = () => document.visibilityState === 'hidden' && close('cancelled');
    document.addEventListener('visibilitychange', onHidden);
    return () => {
      live = false;
      clearTimeout(idle);
      if (stream) stopCamera(stream);
      signal.close();
      document.removeEventListener('visibilitychange', onHidden);
    };
  }, [request, feedback]);

  const toggleTorch = () => {
    if (!torch) return;
    const on = !torch.on;
    setTorch(torch.track, on).then(
      () => setTorchState({ ...torch, on }),
      () => setTorchState(null), // the track refused after all: no torch here
    );
  };

  return (
    <dialog
      ref={dialog}
      className="camera-sheet"
      aria-labelledby={title}
      onCancel={(event) => {
        event.preventDefault();
        onClose('cancelled');
      }}
    >
      <h2 id={title} className="camera-sheet__title">
        {t('Scanner.Camera.Title')}
      </h2>
      <div className="camera-sheet__view">
        <video ref={video} muted playsInline aria-hidden="true" />
        <div className="camera-sheet__finder" aria-hidden="true" />
      </div>
      <p role="status" className="camera-sheet__status">
        {reading ? t('Scanner.Camera.Aim') : t('Scanner.Camera.Starting')}
      </p>
      {request.continuous && (
        <ul className="camera-sheet__reads" aria-label={t('Scanner.Camera.Read')}>
          {reads.map((text, index) => (
            <li key={reads.length - index}>{text}</li>
          ))}
        </ul>
      )}
      <div className="camera-sheet__actions">
        {torch && (
          <button type="button" className="button" aria-pressed={torch.on} onClick={toggleTorch}>
            <Icon icon={flashlightOutline} />
            {t('Scanner.Camera.Torch')}
          </button>
        )}
        <button type="button" className="button button--primary" onClick={() => onClose('cancelled')}>
          {request.continuous ? t('Scanner.Camera.Done') : t('Close')}
        </button>
      </div>
    </dialog>
  );
}
