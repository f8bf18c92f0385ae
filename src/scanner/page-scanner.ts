import type { ShellScanner } from './shell-scanner.ts';

/**
 * The page's scanner, for the header's button (ScanButton.tsx): one signed-in shell per page, whose
 * scanner Scanning.tsx sets while it is drawn. Both come in one chunk behind the first screen; a tap
 * on the button before the scanner is drawn opens the camera as soon as it is.
 */
let current: ShellScanner | null = null;
let asked = false;

export function drawnScanner(scanner: ShellScanner): () => void {
  current = scanner;
  if (asked) {
    asked = false;
    scanner.openCamera();
  }
  return () => {
    if (current === scanner) current = null;
  };
}

/** The header's scan button: the camera for scan to open. */
export function openCamera(): void {
  if (current) current.openCamera();
  else asked = true;
}
