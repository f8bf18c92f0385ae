import type { FrameSettings } from '../../packages/frame-client/index.ts';

export type { FrameSettings };

/** The settings a frame receives in window.name (shell.md §2 "Embedded frames"); never tokens. */
export function frameWindowName(settings: FrameSettings): string {
  return JSON.stringify(settings);
}

/**
 * Permissions-policy features of every app's frame: what their pages use, and no more. Not the camera:
 * the shell holds it once for all apps and reads codes for them (client.scanner.scan, README "Scanning").
 */
export const FRAME_ALLOW = 'clipboard-write; fullscreen';

/**
 * Scripts, their own storage, forms, popups (print views, exports in a new tab), downloads and
 * dialogs. Not top navigation: an embedded page must never replace the portal.
 */
export const FRAME_SANDBOX = 'allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox allow-downloads allow-modals';
