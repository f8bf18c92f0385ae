/** oidc-provider's in-memory adapter (lib/adapters/memory_adapter.js), which its own types leave out. */
declare module 'oidc-provider/lib/adapters/memory_adapter.js' {
  import type { AdapterFactory } from 'oidc-provider';
  export function createMemoryAdapter(clockTolerance?: number): AdapterFactory;
}
