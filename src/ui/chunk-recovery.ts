import { createContext } from 'react';

/**
 * What the page does when a chunk of its own code could not be loaded (a lazy screen, a dialog, the
 * signed-in shell): the app provides it (app/composition.ts). When the server has moved on to a
 * newer release, the page starts again in it — asking first while a frame is editing — and the
 * promise resolves true; otherwise false, and the part that failed offers Retry.
 */
export interface ChunkRecovery {
  afterChunkFailure(): Promise<boolean>;
}

export const ChunkRecoveryContext = createContext<ChunkRecovery>({ afterChunkFailure: async () => false });
