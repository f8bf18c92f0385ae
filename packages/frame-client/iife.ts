/**
 * The classic-script build (`dist/frame-client.iife.js`, global `StaffPortalFrameClient`) for apps without
 * a bundler: the core, the outbox and the scanner in one file (scripts/frame-client-build.ts).
 */
export * from './index.ts';
export * from './outbox-client.ts';
export * from './scanner.ts';
export * from './wedge.ts';
