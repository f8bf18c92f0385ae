import i18next from 'i18next';
import { confirm } from '../ui/notify.ts';

/**
 * Whether an embedded page has unsaved edits (start-edit / end-edit messages, shell.md §4). While
 * one does, leaving is guarded: the browser's unload prompt, a confirm before in-app navigation, and
 * the browser's back and forward buttons.
 */
class EditingState {
  private readonly frames = new Set<string>();
  private readonly listeners = new Set<() => void>();

  isEditing = (): boolean => this.frames.size > 0;

  set(frameKey: string, editing: boolean): void {
    const changed = editing ? !this.frames.has(frameKey) : this.frames.has(frameKey);
    if (editing) this.frames.add(frameKey);
    else this.frames.delete(frameKey);
    if (changed) this.listeners.forEach((listener) => listener());
  }

  clear(): void {
    if (this.frames.size === 0) return;
    this.frames.clear();
    this.listeners.forEach((listener) => listener());
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
}

export const editing = new EditingState();

/** Asks 'EditingStatus.ExitWarning'; leaving (true) drops the editing state. */
export async function confirmLeave(): Promise<boolean> {
  if (!editing.isEditing()) return true;
  const leave = await confirm({
    header: i18next.t('EditingStatus.Title'),
    message: i18next.t('EditingStatus.ExitWarning'),
    stay: i18next.t('EditingStatus.Stay'),
    proceed: i18next.t('EditingStatus.Leave'),
  });
  if (leave) editing.clear();
  return leave;
}

/**
 * Installs the unload prompt and the back/forward guard. Must run before the router starts listening
 * to popstate: this listener stops the event before React Router sees it, restores the address, asks,
 * and repeats the step only if the user agrees to leave.
 */
export function installLeaveGuards(): void {
  addEventListener('beforeunload', (event) => {
    if (!editing.isEditing()) return;
    event.preventDefault();
    event.returnValue = ''; // older browsers need a value to show their prompt
  });

  let index = historyIndex(history.state);
  let restoring = false;
  addEventListener('popstate', (event) => {
    const target = historyIndex(event.state);
    if (restoring) {
      restoring = false;
      event.stopImmediatePropagation();
      return;
    }
    if (!editing.isEditing() || target === null || index === null) {
      index = target;
      return;
    }
    event.stopImmediatePropagation();
    const delta = index - target;
    restoring = true;
    history.go(delta);
    void confirmLeave().then((leave) => {
      if (leave) history.go(-delta);
    });
  });
  // Pushes and replaces do not fire popstate: follow the index React Router keeps in history.state.
  for (const method of ['pushState', 'replaceState'] as const) {
    const original = history[method].bind(history);
    history[method] = (state: unknown, unused: string, url?: string | URL | null) => {
      original(state, unused, url);
      index = historyIndex(state);
    };
  }
}

/** React Router (v6 browser history) numbers its entries in history.state.idx. */
function historyIndex(state: unknown): number | null {
  const idx = (state as { idx?: unknown } | null)?.idx;
  return typeof idx === 'number' ? idx : null;
}
