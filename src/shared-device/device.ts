import type { SharedDevicePolicy } from '../config/schema.ts';
import type { SignedInAgain } from '../session/session.ts';
import { personDigest } from '../sw-client/current-person.ts';
import { tellWorkerCurrentPerson } from '../sw-client/register.ts';
import { watchActivity } from './activity.ts';
import { badgeLogin, handOver } from './badge.ts';
import { openDeviceChannel, type DeviceChannel, type DeviceMessage } from './channel.ts';
import { coverWork } from './cover.ts';
import { idlePhase, untilNextPhase } from './idle.ts';
import { hashPin, isPin, pinMatches } from './pin.ts';
import { newShift, readLastActivity, readShift, writeLastActivity, writeShift, type Shift } from './shift.ts';

/**
 * One page's side of a shared device's shift (README "Shared devices"), framework-free like the start
 * flow: the idle lock and its countdown, the PIN, unlocking, and ending the shift — by End shift,
 * "Not you?", too many wrong PINs, a long idle time, or another tab. The lock is the device's, not the
 * tab's: it is stored with the shift and told to the other tabs. React components draw `getView()`.
 */
export type DeviceView =
  /** `offerPin`: right after signing in, the person is asked for a PIN (they may skip it). */
  | { kind: 'working'; offerPin: boolean }
  /** The countdown with "Still here": the screen locks at `lockAt` unless someone touches the device. */
  | { kind: 'warning'; lockAt: number }
  /**
   * `scanned`: the code of a scan that was no badge ('not-a-badge'); `pinFocus` counts the person's own
   * badge scans, each of which puts the focus on the PIN.
   */
  | { kind: 'locked'; hasPin: boolean; triesLeft: number; problem: 'wrong-pin' | 'sign-in-failed' | 'not-a-badge' | null; busy: boolean; scanned?: string; pinFocus?: number }
  /** The shift is ending (here or in another tab): the work is hidden until the page leaves. */
  | { kind: 'ending' };

export interface DevicePerson {
  sub: string;
  /** What the provider's form is filled in with when the person signs in again (login_hint). */
  loginHint: string;
}

export interface SharedDeviceDeps {
  policy: SharedDevicePolicy;
  person: DevicePerson;
  /** This page completed the provider's sign-in (a locked shift of the same person may unlock: they proved who they are). */
  signedInThisPage: boolean;
  /** Tells every kept-alive frame the person left, gives them up to 2 s to clear their storage, removes them. */
  endFrames(): Promise<void>;
  /** Tells the service worker who is signed in now (null: nobody); by default sw-client's message with the person's digest. */
  tellWorker?(sub: string | null): Promise<void>;
  /**
   * The session's logout — the outbox's writes, every stored value of the person, the logout hooks,
   * the provider's session — which runs `leave()` (the other tabs, the frames, the worker) once nothing
   * before it has kept the person signed in, and before anything is removed (index.tsx registers it
   * for every logout). False when the person stayed signed in.
   */
  logout(): Promise<boolean>;
  /** Another tab ended the shift: this page's session forgets the person (its gate shows the next person's sign-in). */
  endedElsewhere(): void;
  /** The person signs in again at the provider (prompt=login, login_hint). */
  signInAgain(loginHint: string): Promise<SignedInAgain>;
  now?(): number;
  openChannel?: typeof openDeviceChannel;
  watch?: typeof watchActivity;
  cover?: typeof coverWork;
  hash?: typeof hashPin;
}

/** Activity is stored for the other tabs (and the next start) at most this often. */
export const ACTIVITY_WRITE_MS = 5000;

export class SharedDevice {
  private view: DeviceView = { kind: 'working', offerPin: false };
  private readonly listeners = new Set<() => void>();
  private lastActivity = 0;
  private lastWritten = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private channel: DeviceChannel | null = null;
  private stops: (() => void)[] = [];
  private ending: Promise<void> | null = null;
  private readonly now: () => number;
  private readonly tellWorker: (sub: string | null) => Promise<void>;

  constructor(private readonly deps: SharedDeviceDeps) {
    this.now = deps.now ?? Date.now;
    this.tellWorker = deps.tellWorker ?? (async (sub) => tellWorkerCurrentPerson(sub === null ? null : await personDigest(sub)));
  }

  getView = (): DeviceView => this.view;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private set(view: DeviceView): void {
    this.view = view;
    (this.deps.cover ?? coverWork)(view.kind === 'locked' || view.kind === 'ending');
    this.listeners.forEach((listener) => listener());
  }

  /** This person's shift, begun now when the device holds none. */
  private shift(): Shift {
    const stored = readShift();
    if (stored?.sub === this.deps.person.sub) return stored;
    const shift = newShift(this.deps.person.sub, this.deps.policy);
    writeShift(shift);
    return shift;
  }

  /**
   * The signed-in shell is drawn: its shift goes on (or begins). A shift of someone else that never
   * ended here ends now, with everything it kept, and the person signs in once more.
   */
  start(): void {
    const stored = readShift();
    if (stored && stored.sub !== this.deps.person.sub) {
      void this.endShift();
      return;
    }
    const shift = this.shift();
    const now = this.now();
    this.lastActivity = stored ? (readLastActivity() ?? now) : now;
    if (!stored) this.storeActivity(now);
    this.channel = (this.deps.openChannel ?? openDeviceChannel)(this.heard);
    this.stops.push((this.deps.watch ?? watchActivity)(this.touched));
    const onVisible = () => document.visibilityState === 'visible' && this.check();
    document.addEventListener('visibilitychange', onVisible);
    this.stops.push(() => document.removeEventListener('visibilitychange', onVisible));
    void this.tellWorker(this.deps.person.sub);
    if (shift.lockedAt !== null) {
      // Signed in again by the provider's form (the redirect of a lock screen that could open no popup).
      if (this.deps.signedInThisPage) return this.unlock();
      this.showLock(shift);
    } else {
      this.set(this.working());
    }
    this.check();
  }

  /** Stops its timers and listeners (the work stays covered while the shift is locked or ending: the page's owner lifts it). */
  dispose(): void {
    clearTimeout(this.timer);
    this.stops.splice(0).forEach((stop) => stop());
    this.channel?.close();
    this.channel = null;
  }

  /** Someone touched the device: cheap, it runs for every touch, key and scan. */
  private touched = (): void => {
    const { kind } = this.view;
    if (kind === 'locked' || kind === 'ending') return;
    const now = this.now();
    this.lastActivity = now;
    if (now - this.lastWritten >= ACTIVITY_WRITE_MS) this.storeActivity(now);
    if (kind === 'warning') {
      this.set(this.working());
      this.check();
    }
  };

  private storeActivity(at: number): void {
    this.lastWritten = at;
    writeLastActivity(at);
  }

  /** "Still here" on the countdown. */
  stillHere = (): void => this.touched();

  /** Where the idle time stands now (another tab's touches count too), and the timer for the next change. */
  private check = (): void => {
    clearTimeout(this.timer);
    if (this.view.kind === 'ending') return;
    this.lastActivity = Math.max(this.lastActivity, readLastActivity() ?? 0);
    const idle = this.now() - this.lastActivity;
    const phase = idlePhase(idle, this.deps.policy);
    if (phase === 'ended') {
      void this.endShift();
      return;
    }
    const { kind } = this.view;
    if (phase === 'locked' && kind !== 'locked') this.lock();
    else if (phase === 'warning' && kind === 'working') this.set({ kind: 'warning', lockAt: this.lastActivity + this.deps.policy.idleLockMinutes * 60_000 });
    else if (phase === 'working' && kind === 'warning') this.set(this.working());
    const next = untilNextPhase(idle, this.deps.policy);
    if (next !== null) this.timer = setTimeout(this.check, next);
  };

  /** At work; the PIN is offered until the person set or skipped it. */
  private working(): DeviceView {
    return { kind: 'working', offerPin: !this.shift().pinOffered };
  }

  private showLock(shift: Shift, problem: 'wrong-pin' | 'sign-in-failed' | null = null): void {
    this.set({ kind: 'locked', hasPin: shift.pin !== null, triesLeft: shift.triesLeft, problem, busy: false });
  }

  /** Locks the device: stored (a reload stays locked) and told to the other tabs. */
  private lock(tell = true): void {
    const shift = { ...this.shift(), lockedAt: this.now() };
    writeShift(shift);
    this.showLock(shift);
    if (tell) this.channel?.post({ type: 'lock' });
  }

  private unlock(tell = true): void {
    writeShift({ ...this.shift(), lockedAt: null, triesLeft: this.deps.policy.pin.tries });
    const now = this.now();
    this.lastActivity = now;
    this.storeActivity(now);
    this.set(this.working());
    if (tell) this.channel?.post({ type: 'unlock' });
    this.check();
  }

  /** The lock screen takes one answer at a time: false while one is being checked (or when not locked). */
  private claim(): boolean {
    if (this.view.kind !== 'locked' || this.view.busy) return false;
    this.set({ ...this.view, busy: true, problem: null });
    return true;
  }

  /** The PIN typed on the lock screen: unlocks, or counts a wrong try; the last wrong try ends the shift. */
  async enterPin(pin: string): Promise<void> {
    const shift = this.shift();
    if (!shift.pin || !this.claim()) return;
    if (await pinMatches(pin, shift.pin)) return this.unlock();
    const triesLeft = Math.max(0, this.shift().triesLeft - 1);
    writeShift({ ...this.shift(), triesLeft });
    if (triesLeft === 0) return this.endShift();
    this.showLock({ ...shift, triesLeft }, 'wrong-pin');
  }

  /** The lock screen's sign-in: the same person unlocks; someone else ends the shift. */
  async signInAgain(): Promise<void> {
    if (!this.claim()) return;
    try {
      if ((await this.deps.signInAgain(this.deps.person.loginHint)) === 'same') this.unlock();
      else await this.endShift();
    } catch (error) {
      console.warn('[shared-device] signing in again did not complete', error);
      this.showLock(this.shift(), 'sign-in-failed');
    }
  }

  /**
   * A scan while the device is locked (README "Scanning"): the person's own badge puts the focus on the
   * PIN; another person's badge ends the shift and starts their sign-in, as "Not you?" does, with their
   * name filled in; any other code is named on the lock. Nothing else takes a scan while it is locked.
   */
  scanned(text: string): void {
    if (this.view.kind !== 'locked' || this.view.busy) return;
    const login = badgeLogin(text, this.deps.policy.badge);
    if (login === null) return this.set({ ...this.view, problem: 'not-a-badge', scanned: text });
    const { sub, loginHint } = this.deps.person;
    if ([sub, loginHint].some((known) => known.toLowerCase() === login.toLowerCase())) {
      return this.set({ ...this.view, problem: null, pinFocus: (this.view.pinFocus ?? 0) + 1 });
    }
    handOver(login);
    void this.endShift();
  }

  /** Right after sign-in: keeps the PIN's salted hash for this shift. False when it is not a PIN of the policy's length. */
  async setPin(pin: string): Promise<boolean> {
    if (!isPin(pin, this.deps.policy.pin.length)) return false;
    const hash = await (this.deps.hash ?? hashPin)(pin);
    writeShift({ ...this.shift(), pin: hash, pinOffered: true });
    if (this.view.kind === 'working') this.set(this.working());
    return true;
  }

  /** No PIN this shift: unlocking takes a full sign-in. */
  skipPin(): void {
    writeShift({ ...this.shift(), pinOffered: true });
    if (this.view.kind === 'working') this.set(this.working());
  }

  /**
   * End shift (the user menu, "Not you?", the last wrong PIN, the idle limit) is the session's logout
   * (the outbox, the person's stored values, the push token, the provider's session; the next person's
   * sign-in follows), with the device's part (leave) inside it. When the logout does not happen (the
   * person chose to stay), nothing changed and End shift may be asked again.
   */
  endShift(): Promise<void> {
    this.ending ??= this.deps.logout().then((ended) => {
      if (!ended) this.ending = null;
    });
    return this.ending;
  }

  /**
   * The device's part of every logout on a shared device, End shift or not (the API refused the
   * token, the session expired): every other tab leaves at once, the kept-alive frames clear their
   * storage, the worker forgets the person.
   */
  leave = async (): Promise<void> => {
    this.channel?.post({ type: 'shift-end' });
    this.leaving();
    await Promise.all([this.deps.endFrames(), this.tellWorker(null)]);
  };

  private leaving(): void {
    this.set({ kind: 'ending' });
    this.dispose();
  }

  /** What another tab of the portal said. */
  private heard = (message: DeviceMessage): void => {
    if (this.view.kind === 'ending') return;
    switch (message.type) {
      case 'shift-end':
        this.ending = (async () => {
          this.leaving();
          await this.deps.endFrames();
          this.deps.endedElsewhere();
        })();
        return;
      case 'lock':
        if (this.view.kind !== 'locked') this.showLock(this.shift());
        return;
      case 'unlock':
        // Only what the device stores unlocks it: a message alone does not.
        if (this.view.kind === 'locked' && this.shift().lockedAt === null) {
          this.lastActivity = this.now();
          this.set(this.working());
          this.check();
        }
        return;
    }
  };
}
