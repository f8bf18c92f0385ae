/**
 * Routing in place and warm frames (README "Frame protocol: routing in place and warm frames").
 *
 * - `navigate` (capability): an app that registers `client.onNavigate(handler)` routes in place. When the
 *   person opens another route of the app while its frame is alive (shown, kept alive or warm), the shell
 *   sends that frame 'navigate' instead of loading a new document: the path, the route's parameters and the
 *   query exactly as the frame's address would have them, and the route's window.name settings. The app
 *   draws the route, and the client answers with route sync (carrying the move's id) once the handler's
 *   promise settles. A shell that hears nothing within its time limit loads a new document, as for an app
 *   that does not route in place, and does not ask that app again for the rest of the session.
 * - `visibility` (capability): the shell tells a frame when it is shown or hidden. A warm frame (loaded
 *   ahead, hidden) starts 'hidden' (window.name `hidden`); apps count page views and start timers only
 *   while 'visible'.
 *
 * Dependency-free like the rest of the protocol; the settings' type is the caller's (index.ts).
 */
import { isRecord, isRequestId, PROTOCOL } from './protocol.ts';

/** Shell → frame: go to this route in place. */
export interface NavigateMessage<Settings = Record<string, unknown>> {
  protocol: typeof PROTOCOL;
  type: 'navigate';
  /** Names this move; the answer (route sync) carries it back. */
  navigation: string;
  /** What the app's handler gets. */
  route: NavigateRequest<Settings>;
}

/** Where the app is to go: what its frame's address and window.name would say had it been loaded there. */
export interface NavigateRequest<Settings = Record<string, unknown>> {
  /** The address's path, as the frame's URL would have it (percent-encoded). */
  path: string;
  /** The route's path parameters (`:sellerId` → its value), decoded. */
  params: Record<string, string>;
  /** The address's query as the frame's URL would have it: '' or '?…'. */
  query: string;
  /** The window.name settings of the route (title, mobile view, back button, …); the client also writes them to window.name. */
  settings: Settings;
}

export type Visibility = 'visible' | 'hidden';

/** Shell → frame: the frame is now shown or hidden. */
export interface VisibilityMessage {
  protocol: typeof PROTOCOL;
  type: 'visibility';
  state: Visibility;
}

/** Draws the route; the client answers the shell once it settles (resolve it once the new view is drawn). */
export type NavigateHandler<Settings = Record<string, unknown>> = (route: NavigateRequest<Settings>) => void | Promise<void>;

const MAX_PATH_LENGTH = 2048;
const MAX_PARAMS = 32;
const isPath = (value: unknown): value is string => typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') && value.length <= MAX_PATH_LENGTH;
const isQuery = (value: unknown): value is string => value === '' || (typeof value === 'string' && value.startsWith('?') && value.length <= MAX_PATH_LENGTH);
const isParams = (value: unknown): value is Record<string, string> =>
  isRecord(value) && Object.keys(value).length <= MAX_PARAMS && Object.values(value).every((each) => typeof each === 'string' && each.length <= MAX_PATH_LENGTH);

/** Validates the shell's 'navigate' or 'visibility' (the frame's side); null for anything else. */
export function parseNavigationMessage(data: Record<string, unknown>): NavigateMessage | VisibilityMessage | null {
  if (data.type === 'visibility') return data.state === 'visible' || data.state === 'hidden' ? { protocol: PROTOCOL, type: 'visibility', state: data.state } : null;
  const route = data.route;
  if (data.type !== 'navigate' || !isRequestId(data.navigation) || !isRecord(route)) return null;
  const { path, params, query, settings } = route;
  return isPath(path) && isParams(params) && isQuery(query) && isRecord(settings)
    ? { protocol: PROTOCOL, type: 'navigate', navigation: data.navigation, route: { path, params: { ...params }, query, settings } }
    : null;
}

/** The app's side of both capabilities; `take` joins one (the handshake), `answer` sends the route sync of a move. */
export function createNavigation<Settings>(
  parentOrigin: string | undefined,
  startHidden: boolean,
  take: (capability: 'navigate' | 'visibility') => void,
  answer: (path: string, navigation: string) => void,
  applySettings: (settings: Settings) => void,
) {
  let handler: NavigateHandler<Settings> | null = null;
  let state: Visibility = startHidden ? 'hidden' : 'visible';
  const watchers = new Set<(state: Visibility) => void>();
  // Moves are drawn one after another, so their answers reach the shell in the order it asked.
  let moves = Promise.resolve();

  if (parentOrigin) {
    addEventListener('message', (event: MessageEvent) => {
      if (event.origin !== parentOrigin || !isRecord(event.data) || event.data.protocol !== PROTOCOL) return;
      const message = parseNavigationMessage(event.data);
      if (message?.type === 'visibility' && message.state !== state) {
        state = message.state;
        watchers.forEach((watcher) => watcher(state));
      } else if (message?.type === 'navigate') {
        moves = moves.then(async () => {
          const draw = handler;
          // No handler (it was removed): no answer, and the shell loads a new document.
          if (!draw) return;
          const settings = message.route.settings as Settings;
          applySettings(settings);
          try {
            await draw({ ...message.route, settings });
          } catch (error) {
            console.error('[frame-client] the navigate handler failed: the shell will load the page anew', error);
            return;
          }
          answer(location.pathname + location.search, message.navigation);
        });
      }
    });
  }

  return {
    /**
     * Routes in place from now on: the shell sends moves to this frame instead of loading a new document.
     * One handler at a time (a later one replaces it). Returns an undo.
     */
    onNavigate(next: NavigateHandler<Settings>): () => void {
      take('navigate');
      handler = next;
      return () => {
        if (handler === next) handler = null;
      };
    },
    visibility: {
      /** 'hidden' while the shell keeps this frame without showing it (a warm frame, one kept alive behind another route). */
      get state(): Visibility {
        return state;
      },
      /** Called on every change of `state`. Returns an undo. */
      onChange(watcher: (state: Visibility) => void): () => void {
        take('visibility');
        watchers.add(watcher);
        return () => watchers.delete(watcher);
      },
      /** Resolves once the frame is visible: at once, or when the shell shows it (count a page view then). */
      whenVisible(): Promise<void> {
        take('visibility');
        return new Promise((resolve) => {
          if (state === 'visible') return resolve();
          const watcher = () => {
            watchers.delete(watcher);
            resolve();
          };
          watchers.add(watcher);
        });
      },
    },
  };
}
