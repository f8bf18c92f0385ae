/**
 * Keyboard-wedge scans (README "Scanning"). A handheld's scanner (Zebra DataWedge's keystroke output,
 * Honeywell's wedge) types each code as a burst of printable keys ended by a suffix key, into whatever
 * has the focus. A burst is told from a person typing by its rhythm: every key at most `maxGapMs` after
 * the one before, measured on the events' own time stamps (when the device made them), so a busy main
 * thread that handles the keys late does not break a burst, nor does it join a person's keys into one.
 *
 * The shell and the frame client recognise bursts by the same rules (the shell sends them in the
 * handshake's welcome). Dependency-free, like the rest of the protocol.
 */

/** How the device's scanner types a code: the brand's `scanner` block in the runtime config. */
export interface WedgeRules {
  /** The key that ends a code. */
  suffix: 'Enter' | 'Tab';
  /** What the scanner types before each code ('' for nothing); not part of the code. */
  prefix: string;
  /** The longest gap between two keys of one code, in ms. */
  maxGapMs: number;
  /** The fewest characters of a code (after the prefix). */
  minLength: number;
}

export const DEFAULT_WEDGE_RULES: WedgeRules = { suffix: 'Enter', prefix: '', maxGapMs: 30, minLength: 4 };

/** Bounds of each rule, checked where the rules are read (the runtime config, the welcome). */
export const WEDGE_LIMITS = {
  suffixes: ['Enter', 'Tab'],
  prefixLength: 8,
  maxGapMs: { min: 5, max: 100 },
  minLength: { min: 1, max: 64 },
} as const;

/** The longest code a scan hands over: anything longer is cut. */
export const MAX_SCAN_LENGTH = 4096;

const within = (value: unknown, { min, max }: { min: number; max: number }): value is number =>
  Number.isInteger(value) && (value as number) >= min && (value as number) <= max;

/** Validates rules another side sent; null for anything else. */
export function parseWedgeRules(value: unknown): WedgeRules | null {
  if (typeof value !== 'object' || value === null) return null;
  const { suffix, prefix, maxGapMs, minLength } = value as Record<string, unknown>;
  const valid =
    (WEDGE_LIMITS.suffixes as readonly unknown[]).includes(suffix) &&
    typeof prefix === 'string' &&
    prefix.length <= WEDGE_LIMITS.prefixLength &&
    within(maxGapMs, WEDGE_LIMITS.maxGapMs) &&
    within(minLength, WEDGE_LIMITS.minLength);
  return valid ? { suffix: suffix as WedgeRules['suffix'], prefix: prefix as string, maxGapMs: maxGapMs as number, minLength: minLength as number } : null;
}

/**
 * A scan's text as the person's device may hand it on: control and format characters (a bidi override,
 * an escape) removed, at most MAX_SCAN_LENGTH characters; null when nothing is left. Text, never markup.
 */
export function cleanScanText(text: string): string | null {
  const clean = text.replace(/[\p{Cc}\p{Cf}]/gu, '').slice(0, MAX_SCAN_LENGTH);
  return clean === '' ? null : clean;
}

/** One keydown as the recogniser sees it. */
export interface WedgeKey {
  key: string;
  /** The event's time stamp (ms). */
  time: number;
  /** No Ctrl, Alt or Meta, not a repeat of a held key, not in an IME composition. */
  plain: boolean;
}

/**
 * What to do with a key:
 * - `pass`: let it do what it does;
 * - `start`: let it through, but it may begin a scan (what it types is taken back if it does);
 * - `hold`: keep it back (prevent it): it is part of what may be a scan;
 * - `scan`: keep it back: it ends the scan `text` (prefix removed);
 * - `release`: the keys held back were a person's typing: give `held` back, then treat the key as `then`.
 */
export type WedgeStep =
  | { kind: 'pass' }
  | { kind: 'start' }
  | { kind: 'hold' }
  | { kind: 'scan'; text: string }
  | { kind: 'release'; held: string; then: 'pass' | 'start' };

const isPrintable = (key: WedgeKey) => key.plain && [...key.key].length === 1;
/** Keys a scanner presses around its characters (Shift for a capital): no part of the rhythm. */
const MODIFIERS = new Set(['Shift', 'Control', 'Alt', 'AltGraph', 'Meta', 'CapsLock']);

/** Tells bursts from typing, key by key; pure (the caller brings the keys and their times). */
export class BurstRecogniser {
  /** The printable keys of the current run, its first one included. */
  private typed = '';
  /** How much of `typed` reached the page: the first key, and what was given back since. */
  private given = 0;
  private last = 0;

  constructor(private readonly rules: WedgeRules) {}

  /** Keys are held back now: they are given back (`release()`) if no key comes for a while. */
  get holding(): boolean {
    return this.typed.length > this.given;
  }

  key(key: WedgeKey): WedgeStep {
    if (MODIFIERS.has(key.key)) return { kind: 'pass' };
    const inRun = this.typed !== '' && key.time - this.last <= this.rules.maxGapMs;
    if (!inRun) {
      const held = this.reset();
      const next = this.begin(key);
      return held ? { kind: 'release', held, then: next } : { kind: next };
    }
    if (isPrintable(key)) {
      this.typed += key.key;
      this.last = key.time;
      return { kind: 'hold' };
    }
    const code = this.typed.slice(this.rules.prefix.length);
    if (key.plain && key.key === this.rules.suffix && this.typed.startsWith(this.rules.prefix) && code.length >= this.rules.minLength) {
      this.reset();
      return { kind: 'scan', text: code };
    }
    const held = this.reset();
    return held ? { kind: 'release', held, then: 'pass' } : { kind: 'pass' };
  }

  /**
   * No key came for a while: the keys held back are given back (a person's quick keys, typed at last),
   * but the run goes on. A key stamped within `maxGapMs` of the last still continues it: a scanner's
   * keys that a busy browser delivers late stay one scan, and the scan takes back what was given.
   */
  release(): string {
    const held = this.typed.slice(this.given);
    this.given = this.typed.length;
    return held;
  }

  /** Ends the run (the focus is in a field the app keeps for itself, say): the keys held back. */
  reset(): string {
    const held = this.release();
    this.typed = '';
    this.given = 0;
    return held;
  }

  private begin(key: WedgeKey): 'pass' | 'start' {
    if (!isPrintable(key)) return 'pass';
    this.typed = key.key;
    this.given = key.key.length;
    this.last = key.time;
    return 'start';
  }
}

/** A text field: what a key types into. */
type TextField = HTMLInputElement | HTMLTextAreaElement;

const NOT_TEXT = new Set(['button', 'checkbox', 'color', 'file', 'hidden', 'image', 'radio', 'range', 'reset', 'submit']);

function textField(element: EventTarget | null | undefined): TextField | null {
  if (element instanceof HTMLTextAreaElement) return element;
  return element instanceof HTMLInputElement && !NOT_TEXT.has(element.type) ? element : null;
}

const editable = (element: EventTarget | null | undefined) => textField(element) !== null || (element instanceof HTMLElement && element.isContentEditable);

/**
 * How long keys are held back without a new one before they are given back to the field as typed: a
 * person's two quick keys (rollover) show this late at worst; a scanner's keys delivered later than
 * this (a busy machine) are given back, then taken back by the scan they complete.
 */
export const giveBackAfterMs = (rules: WedgeRules) => Math.max(100, 2 * rules.maxGapMs);

/**
 * Listens for bursts in `target`'s document and hands each code to `onScan` (cleaned). Its keys do not
 * reach the page: the first key of a burst does (it cannot be told yet), and in a text field what the
 * burst typed is taken back once it is a scan; the others are held back, and given back to the field
 * when they turn out to be a person's. `fields`: 'take' recognises bursts in text fields too (the shell,
 * where a scan never types into a field); 'leave' leaves every editable field's keys to it (an app's own
 * fields take scans as typing). Returns the undo.
 */
export function listenForScans(target: Window, rules: WedgeRules, onScan: (text: string) => void, fields: 'take' | 'leave'): () => void {
  const recogniser = new BurstRecogniser(rules);
  /** The field the burst's first key typed into, and what it held before. */
  let started: { field: TextField; value: string; start: number | null; end: number | null } | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const giveBack = (held: string) => {
    const field = target.document.activeElement;
    // As typed: the field's own input events, its selection, maxlength and undo.
    if (held && fields === 'take' && editable(field)) target.document.execCommand('insertText', false, held);
  };
  const takeBack = () => {
    const field = started?.field;
    if (!started || !field || field.value === started.value) return;
    // The value's own setter (a framework's controlled field follows it), then the event a field sends.
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')?.set?.call(field, started.value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
    if (started.start !== null && started.end !== null) field.setSelectionRange(started.start, started.end);
  };
  const onQuiet = () => giveBack(recogniser.release());
  const onKey = (event: KeyboardEvent) => {
    const element = event.composedPath()[0];
    if (fields === 'leave' && editable(element)) {
      recogniser.reset(); // the app's field takes its keys as typed; what was held outside it was no field's
      return;
    }
    const step = recogniser.key({ key: event.key, time: event.timeStamp, plain: !event.ctrlKey && !event.altKey && !event.metaKey && !event.repeat && !event.isComposing });
    const kind = step.kind === 'release' ? step.then : step.kind;
    if (step.kind === 'release') giveBack(step.held);
    if (kind === 'start') {
      const field = textField(element);
      started = field ? { field, value: field.value, start: safeSelection(field, 'start'), end: safeSelection(field, 'end') } : null;
    } else if (kind === 'hold' || kind === 'scan') {
      event.preventDefault();
      event.stopImmediatePropagation();
    }
    if (step.kind === 'scan') {
      takeBack();
      started = null;
      const text = cleanScanText(step.text);
      if (text) onScan(text);
    }
    clearTimeout(timer);
    if (recogniser.holding) timer = setTimeout(onQuiet, giveBackAfterMs(rules));
  };
  target.addEventListener('keydown', onKey, true);
  return () => {
    clearTimeout(timer);
    target.removeEventListener('keydown', onKey, true);
  };
}

/** A field's selection; null where its type has none (email, number). */
function safeSelection(field: TextField, which: 'start' | 'end'): number | null {
  try {
    return which === 'start' ? field.selectionStart : field.selectionEnd;
  } catch {
    return null;
  }
}
