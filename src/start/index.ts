/**
 * The start, in one room: the start flow over the spec's start-up sequence (startup.ts), the start
 * snapshot, release recovery, and the frame-first start (frame-first/: the boot step, its rules, the
 * record, the hand-off of its frame, and the record's writing) with the shell's picture (picture/).
 * Everything outside this folder imports it through this file (lint enforces it).
 */
export { FRAME_FIRST_ADOPTION, releaseFrameFirst } from './frame-first/handoff.ts';
export { pictureSignature, stampFrameFirstLater, useFrameFirstRecord } from './frame-first/writer.ts';
export { removeShellPicture } from './picture/draw.ts';
export { pageReleaseRecovery } from './release-recovery.ts';
export { readSnapshot, readStoredSnapshot, saveSnapshot, snapshotFromRecord, type SnapshotRead, type SnapshotWanted, type StoredSnapshotRecord } from './snapshot.ts';
export { StartFlow, type StartView } from './start-flow.ts';
export { runStartup } from './startup.ts';
