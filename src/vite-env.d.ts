/// <reference types="vite/client" />

/** `<package version>-<short commit>`, injected at build time. */
declare const __APP_VERSION__: string;
