import type { TFunction } from 'i18next';
import type { RouteItem } from '../catalogue/types.ts';
import type { RuntimeConfig } from '../config/schema.ts';
import type { ShellContextValue } from '../context/shell.ts';
import { sendScan, type RejectionReason } from '../frames/messenger.ts';
import type { FramePool, FrameSpec } from '../frames/pool-store.ts';
import type { FrameEvents } from '../frames/useFrames.ts';
import { userDataPayload } from '../frames/user-data.ts';
import { buildRedirectUrl, type AddressContext } from '../gating/frame-src.ts';
import { frameTargetFor } from '../navigation/frame-spec.ts';
import type { RouteResolver } from '../navigation/resolve-route.ts';
import type { ScanRequests } from '../scanner/shell-scanner.ts';
import type { ModalFrameSpec } from './ModalFrame.tsx';

/** Widths of shell.md §9: guide popup 1000, Contact Support modal frame 450. */
const GUIDE_WIDTH = 1000;
const SUPPORT_WIDTH = 450;

/** A modal frame and the route it shows (a modal menu item), or null (the user guide, Contact Support). */
export type OpenModal = ModalFrameSpec & { route: RouteItem | null };

/** What the ready shell shows besides its route: the modal frame, the menu search and the outbox's sheet. */
export interface ShellOverlays {
  modal: OpenModal | null;
  searching: boolean;
  outboxOpen: boolean;
}

/** The page's parts the controller acts through, fixed for the shell's life. */
export interface ShellControllerDeps {
  /** The router's navigate (stable across navigations). */
  navigate(path: string, options?: { replace?: boolean }): void;
  /** Where the portal is now (path and query). */
  currentPath(): string;
  /** Resolves true when leaving is fine: nothing edited, or the user chose to leave. */
  confirmLeave(): Promise<boolean>;
  accessToken(): string | null;
  /** An outbox request of a verified frame, for the page's outbox (answers go back through `post`). */
  outbox: FrameEvents['onOutbox'];
  track(name: string, properties: Record<string, unknown>): void;
  /** An error notification. */
  notifyError(text: string): void;
  openWindow(url: string): void;
  goBack(): void;
  canGoBack(): boolean;
}

/** What the controller reads of the current render: changes with the shell's context and language. */
export interface ShellInputs {
  shell: ShellContextValue;
  resolver: RouteResolver;
  address: AddressContext;
  config: RuntimeConfig;
  language: string;
  titleOf(item: RouteItem): string;
  t: TFunction;
  /** The frame the shell would show at `path` now, or null (a shell page, a route it may not open now). */
  frameAt(path: string): FrameSpec | null;
  /** An app's logout message: the session's logout, or on a shared device End shift. */
  logout(): void;
}

/**
 * The ready shell's behaviour, framework-free like StartFlow: the frames' events (route sync with
 * re-keying, logout, the user-data handshake, the outbox's requests, rejected messages), opening menu
 * items, guides and Contact Support, going back, and the modal/search/outbox-sheet state. ReadyShell lays out `getState()` and hands
 * the controller each render's inputs.
 */
export class ShellController {
  private state: ShellOverlays = { modal: null, searching: false, outboxOpen: false };
  private readonly listeners = new Set<() => void>();
  private inputs: ShellInputs | null = null;
  private pool: FramePool | null = null;
  /** The scanner, once its code has loaded behind the first screen (scanner/Scanning.tsx): camera requests wait for it. */
  private scannerLoaded: (scanner: ScanRequests) => void = () => undefined;
  private readonly scanner = new Promise<ScanRequests>((resolve) => (this.scannerLoaded = resolve));

  constructor(private readonly deps: ShellControllerDeps) {}

  getState = (): ShellOverlays => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** The current render's inputs; the events and actions always read the latest. */
  follow(inputs: ShellInputs): void {
    this.inputs = inputs;
  }

  /** The keep-alive pool whose frames the route messages re-key. */
  attach(pool: FramePool): void {
    this.pool = pool;
  }

  private set(next: Partial<ShellOverlays>): void {
    this.state = { ...this.state, ...next };
    this.listeners.forEach((listener) => listener());
  }

  private get current(): ShellInputs {
    if (!this.inputs) throw new Error('ShellController used before its first render');
    return this.inputs;
  }

  openSearch = (): void => this.set({ searching: true });
  closeSearch = (): void => this.set({ searching: false });
  openOutbox = (): void => this.set({ outboxOpen: true });
  closeOutbox = (): void => this.set({ outboxOpen: false });
  closeModal = (): void => this.set({ modal: null });
  attachScanner = (scanner: ScanRequests): void => this.scannerLoaded(scanner);
  /** How the scanner hands a frame its scan: the messenger's, passed on so that its chunk does not import the messenger. */
  readonly sendScan = sendScan;

  /**
   * In-app navigation, after the editing guard. The target's frame is shown at once: its page loads
   * while the router draws the new route around it (a transition, which yields to the browser).
   */
  go = (path: string, options?: { replace?: boolean }): void =>
    void this.deps.confirmLeave().then((leave) => {
      if (!leave) return;
      const frame = this.current.frameAt(path);
      if (frame) this.pool?.show(frame);
      this.deps.navigate(path, options);
    });

  /** The header's Back: the previous page, or home when the portal was opened here. */
  back = (): void => void this.deps.confirmLeave().then((leave) => leave && (this.deps.canGoBack() ? this.deps.goBack() : this.deps.navigate('/')));

  /** A menu item: an outside page in a new tab, a modal item in the modal frame, else its route. */
  open = (item: RouteItem): void => {
    const { address, titleOf, t } = this.current;
    if (item.redirectOutside) {
      const url = buildRedirectUrl(item, {}, address);
      if (url) this.deps.openWindow(url);
      else this.deps.notifyError(t('Navigation.InvalidAddress'));
      return;
    }
    const target = item.isModalItem && item.iFrameSrc ? frameTargetFor(item, {}, '', address) : null;
    if (target) this.set({ modal: { title: titleOf(item), src: target.src, app: target.app, width: GUIDE_WIDTH, route: item } });
    else this.go(item.path);
  };

  /** The page bar's guide button: the help centre's guide of the route, in the portal's language. */
  openGuide = (item: RouteItem): void => {
    const { config, language, t } = this.current;
    const base = config.apps.helpCenter;
    if (!item.guide || !base) return;
    const url = new URL(`/guides/${encodeURIComponent(item.guide.serviceCode)}/${encodeURIComponent(item.guide.userGuideCode)}`, base);
    url.searchParams.set('lang', language);
    this.set({ modal: { title: t('Shell.UserGuide'), src: url.href, app: 'helpCenter', width: GUIDE_WIDTH, route: null } });
  };

  openSupport = (): void => {
    const { config, t } = this.current;
    if (config.apps.pos) this.set({ modal: { title: t('Shell.ContactSupport'), src: new URL('/support', config.apps.pos).href, app: 'pos', width: SUPPORT_WIDTH, route: null } });
  };

  /** The frames' messages, one object for the shell's life. */
  readonly frameEvents: FrameEvents = {
    onRoute: (frame, path, answer) => {
      const { resolver, address } = this.current;
      const portalPath = resolver.portalPathFor(frame.app, path);
      if (!portalPath) {
        console.warn(`[frames] ignored an invalid route address from ${frame.origin}: ${path}`);
        return;
      }
      const resolution = resolver.resolve(portalPath.split('?')[0] ?? portalPath);
      if (resolution.kind === 'route') {
        const query = portalPath.includes('?') ? portalPath.slice(portalPath.indexOf('?')) : '';
        const target = frameTargetFor(resolution.route, resolution.params, query, address);
        // The frame already shows that page: it now stands for the new address, no reload.
        if (target?.app === frame.app) this.pool?.rekey(frame.key, target.key);
      }
      // The answer to a move in place is that move's address (the app is believed), not a move of its own.
      if (portalPath !== this.deps.currentPath()) this.deps.navigate(portalPath, answer ? { replace: true } : undefined);
    },
    onLogout: () => this.current.logout(),
    onOutbox: (frame, message, post) => this.deps.outbox(frame, message, post),
    onScanRequest: (frame, message, post) => void this.scanner.then((scanner) => scanner.request(frame, message, post)),
    userData: () => {
      const { shell } = this.current;
      return userDataPayload(
        { user: shell.user, sellerId: shell.seller.id, platformId: shell.platform?.id ?? null, siteId: shell.site?.id ?? null },
        this.deps.accessToken(),
      );
    },
    onRejected: (reason: RejectionReason, type: string, origin: string) => {
      const { config, t } = this.current;
      this.deps.track('frame_message_rejected', { reason, type, origin });
      if (config.environment === 'development' && type === 'user-data-request') this.deps.notifyError(t('Frame.Rejected', { origin }));
    },
  };
}
