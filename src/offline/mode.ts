import { isBoolean, readStored, writeStored, type StoredReader } from '../storage/local.ts';
import { restart } from '../effects/restart.ts';

/**
 * Online / offline mode (shell.md §4). The mode is the user's choice, stored under the onlineMode
 * key; connectivity is the browser's. When the two disagree a blocking dialog offers to switch, and
 * confirming stores the new mode and reloads the shell into it.
 */
export type OnlineMode = 'online' | 'offline';
export type ConnectivityNotice = 'InternetAvailable' | 'InternetUnavailable';

/** The stored mode through `read`: the app's read, or the boot step's (storage/local.ts peekStored). */
export function storedModeThrough(read: StoredReader): OnlineMode | undefined {
  const online = read('onlineMode', isBoolean);
  return online === undefined ? undefined : online ? 'online' : 'offline';
}

export const readStoredMode = (): OnlineMode | undefined => storedModeThrough(readStored);

/** The mode the shell boots in: the stored choice; before any choice, the browser's connectivity. */
export function shellMode(stored: OnlineMode | undefined, online: boolean): OnlineMode {
  return stored ?? (online ? 'online' : 'offline');
}

/** The mode the switch dialog proposes, or null when the shell's mode matches connectivity. */
export function proposedSwitch(mode: OnlineMode, online: boolean): OnlineMode | null {
  const connectivity: OnlineMode = online ? 'online' : 'offline';
  return connectivity === mode ? null : connectivity;
}

export function noticeFor(online: boolean): ConnectivityNotice {
  return online ? 'InternetAvailable' : 'InternetUnavailable';
}

/** Stores the mode the next start takes. */
export function storeMode(mode: OnlineMode): void {
  writeStored('onlineMode', mode === 'online');
}

/** Stores the chosen mode and reloads, so every part of the shell starts over in it. */
export function switchMode(mode: OnlineMode, reload: () => void = () => restart('mode')): void {
  storeMode(mode);
  reload();
}

export { isBrowserOnline, subscribeConnectivity } from './connectivity.ts';
