import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * An app built outside the workspace (tests/e2e/package.spec.ts: the packed frame client installed into a
 * scratch app) is served by this stack's app server, at any app's origin, from this folder: one per apps
 * port, so stacks side by side on one machine keep theirs apart. A page asks for it with `?scratch-app`
 * (`?scratch-app=classic`: its classic-script page); its files are under SCRATCH_APP_PREFIX.
 */
export const scratchAppDir = (appsPort: number | string): string => join(tmpdir(), `staff-portal-scratch-app-${appsPort}`);
export const SCRATCH_APP_PREFIX = '/__scratch-app/';
