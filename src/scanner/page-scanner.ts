import type { ShellScanner } from './shell-scanner.ts';

/**
 * The page's scanner, for the header's button (ScanButton.tsx): one signed-in shell per page, whose
 * scanner Scanning.tsx sets while it is drawn. Both come in one chunk behind the first screen.
 */
let current: ShellScanner | null = null;

export function drawnScanner(scanner: ShellScanner): () => void {
  current = scanner;
  return () => {
    if (current === scanner) current = null;
  };
}

/** The header's scan button: the camera for scan to open (nothing while no scanner is drawn). */
export const openCamera = (): void => current?.openCamera();
