import i18next from 'i18next';
import { runningEntryScript, servedEntryScript } from '../api/release.ts';
import { restart } from '../effects/restart.ts';
import { editing } from '../frames/editing.ts';
import type { ChunkRecovery } from '../ui/chunk-recovery.ts';

export interface ReleaseRecoveryDeps {
  /** The entry script of the release the server serves now, or null when it cannot be read. */
  served(): Promise<string | null>;
  /** This page's own entry script. */
  running(): string | null;
  isEditing(): boolean;
  /** Asks whether to reload now while a frame is editing; true to reload. */
  askWhileEditing(): Promise<boolean>;
  restart(): void;
}

/**
 * After a chunk failed to load: when the server has moved on to another release (a tab left open
 * across a deployment asks for a chunk that is gone), the page starts again in the new one — at once
 * when nothing is being edited, after asking when a frame is editing. Otherwise (offline, a dropped
 * connection) it is the connection: the part that failed offers Retry. One check at a time.
 */
export function createReleaseRecovery(deps: ReleaseRecoveryDeps): ChunkRecovery {
  let checking: Promise<boolean> | null = null;
  const check = async (): Promise<boolean> => {
    const [served, running] = [await deps.served(), deps.running()];
    if (!served || !running || served === running) return false;
    if (deps.isEditing() && !(await deps.askWhileEditing())) return false;
    deps.restart();
    return true;
  };
  return {
    afterChunkFailure() {
      checking ??= check().finally(() => (checking = null));
      return checking;
    },
  };
}

/** The page's recovery, over the real server, document, editing state and dialog. */
export function pageReleaseRecovery(): ChunkRecovery {
  return createReleaseRecovery({
    served: () => servedEntryScript(),
    running: () => runningEntryScript(),
    isEditing: () => editing.isEditing(),
    // The browser's own question: this page's Ionic dialogs may be among the files that are gone.
    askWhileEditing: async () => window.confirm(`${i18next.t('Release.Title')}\n\n${i18next.t('Release.EditingAsk')}`),
    restart: () => {
      editing.clear(); // the user chose to leave: no second question from the leave guard
      restart('release');
    },
  });
}
