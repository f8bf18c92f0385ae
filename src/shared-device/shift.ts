import * as v from 'valibot';
import type { SharedDevicePolicy } from '../config/schema.ts';
import { readStored, writeStored } from '../storage/local.ts';

/**
 * What a shared device keeps of the current shift (README "Shared devices"), with the person's other
 * stored values (KEY_OWNERS 'person': logout removes it): whose shift it is, the PIN's salted hash,
 * the tries left and whether the screen is locked — so a reload, a second tab or a page that was
 * closed still find the lock. Validated where read (storage/local.ts discards an invalid one).
 */
const base64 = v.pipe(v.string(), v.regex(/^[A-Za-z0-9+/]+=*$/));

const shiftSchema = v.object({
  sub: v.pipe(v.string(), v.minLength(1)),
  /** The PIN's hash (pin.ts); null until set, or all shift when the person chose to sign in instead. */
  pin: v.nullable(v.object({ salt: base64, hash: base64, iterations: v.pipe(v.number(), v.integer(), v.minValue(1)) })),
  /** The person was offered a PIN (and set or skipped it): once a shift. */
  pinOffered: v.boolean(),
  /** Wrong PINs still allowed; none left ends the shift. */
  triesLeft: v.pipe(v.number(), v.integer(), v.minValue(0)),
  /** When the screen locked; null while it is not. */
  lockedAt: v.nullable(v.number()),
  /**
   * The policy's idle time before the lock, kept with the shift so that a start can tell the lock is
   * due before the runtime config has arrived (lock-due.ts).
   */
  lockAfterMs: v.pipe(v.number(), v.minValue(0)),
});

export type Shift = v.InferOutput<typeof shiftSchema>;

export const isShift = (value: unknown): value is Shift => v.safeParse(shiftSchema, value).success;
const isTime = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value >= 0;

export const readShift = (): Shift | undefined => readStored('shift', isShift);
export const writeShift = (shift: Shift): void => writeStored('shift', shift);

/** When someone last touched the device (any tab), as last written; written at most every few seconds. */
export const readLastActivity = (): number | undefined => readStored('shiftActivity', isTime);
export const writeLastActivity = (at: number): void => writeStored('shiftActivity', at);

/** A new shift for `sub`: no PIN yet, every try left, unlocked. */
export function newShift(sub: string, policy: SharedDevicePolicy): Shift {
  return { sub, pin: null, pinOffered: false, triesLeft: policy.pin.tries, lockedAt: null, lockAfterMs: policy.idleLockMinutes * 60_000 };
}

