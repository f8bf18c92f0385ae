import { setupIonic } from './ui/ionic.ts';

// Tests that run in node (`@vitest-environment node`, e.g. the icon paint check) have no document for Ionic.
if (typeof document !== 'undefined') setupIonic();
