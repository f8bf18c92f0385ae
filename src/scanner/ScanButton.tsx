import barcodeOutline from 'ionicons-svg/barcode-outline.svg?raw';
import type { ScannerSettings } from '../config/schema.ts';
import { useDeferredTranslation } from '../i18n/index.ts';
import { SPLIT_LAYOUT_QUERY } from '../ui/breakpoints.ts';
import { Icon } from '../ui/Icon.tsx';
import { useMediaQuery } from '../ui/useMediaQuery.ts';
import { openCamera } from './page-scanner.ts';

/**
 * The header's scan button (README "Scanning"): the camera for scan to open. On handheld layouts (a
 * phone's width, a full-screen handheld page), or always or never as the brand says. Loaded behind the
 * first screen with its icon and texts.
 */
export function ScanButton({ show, mobileView }: { show: ScannerSettings['button']; mobileView: boolean }) {
  const { t } = useDeferredTranslation();
  const wide = useMediaQuery(SPLIT_LAYOUT_QUERY);
  if (show === 'never' || (show === 'handheld' && wide && !mobileView)) return null;
  return (
    <button type="button" className="button button--icon" aria-label={t('Scanner.Open')} onClick={openCamera}>
      <Icon icon={barcodeOutline} />
    </button>
  );
}
