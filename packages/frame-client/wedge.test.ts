import { afterEach, describe, expect, it, vi } from 'vitest';
import { BurstRecogniser, cleanScanText, DEFAULT_WEDGE_RULES, giveBackAfterMs, listenForScans, MAX_SCAN_LENGTH, parseWedgeRules, type WedgeRules, type WedgeStep } from './wedge.ts';

/** Keys at `gap` ms apart from time 1000, each written as its key name ('Enter') or one character. */
function typed(keys: readonly string[], gap: number | readonly number[], rules: WedgeRules = DEFAULT_WEDGE_RULES): WedgeStep[] {
  const recogniser = new BurstRecogniser(rules);
  let time = 1000;
  return keys.map((key, index) => {
    if (index > 0) time += typeof gap === 'number' ? gap : gap[index - 1]!;
    return recogniser.key({ key, time, plain: true });
  });
}
const chars = (text: string) => [...text];
const last = <T,>(list: readonly T[]) => list[list.length - 1];

describe('telling a burst from typing', () => {
  it.each([
    // gap (ms), keys, what the suffix is
    [5, '8934567890123', { kind: 'scan', text: '8934567890123' }],
    [20, 'PL-42-0007', { kind: 'scan', text: 'PL-42-0007' }],
    [30, 'ABCD', { kind: 'scan', text: 'ABCD' }],
    [31, 'ABCD', { kind: 'pass' }],
    [120, '8934567890123', { kind: 'pass' }],
    [8, 'ABC', { kind: 'release', held: 'BC', then: 'pass' }],
  ] as const)('%d ms a key, "%s" + Enter: %j', (gap, text, suffix) => {
    expect(last(typed([...chars(text), 'Enter'], gap))).toEqual(suffix);
  });

  it('lets the first key through, holds the rest of the burst', () => {
    expect(typed(chars('1234'), 8).map((step) => step.kind)).toEqual(['start', 'hold', 'hold', 'hold']);
  });

  it('gives the held keys back when a key comes late, and the late key may start a burst of its own', () => {
    expect(typed([...chars('ab'), 'c'], [5, 200])).toEqual([{ kind: 'start' }, { kind: 'hold' }, { kind: 'release', held: 'b', then: 'start' }]);
  });

  it('a key that is no character ends the run: the held keys are given back first', () => {
    expect(last(typed([...chars('abcd'), 'ArrowDown'], 5))).toEqual({ kind: 'release', held: 'bcd', then: 'pass' });
  });

  it('a person’s two quick keys and Enter (a short run) are typing', () => {
    expect(typed(['a', 'b', 'Enter'], [12, 15])).toEqual([{ kind: 'start' }, { kind: 'hold' }, { kind: 'release', held: 'b', then: 'pass' }]);
  });

  it('Shift between the characters (a capital) is no part of the rhythm', () => {
    expect(last(typed(['A', 'Shift', 'B', 'Shift', 'C', 'D', 'Enter'], 4))).toEqual({ kind: 'scan', text: 'ABCD' });
  });

  it('a key with Ctrl, a repeat or a composition is no character of a burst', () => {
    const recogniser = new BurstRecogniser(DEFAULT_WEDGE_RULES);
    recogniser.key({ key: 'a', time: 0, plain: true });
    expect(recogniser.key({ key: 'k', time: 5, plain: false })).toEqual({ kind: 'pass' });
  });

  it('Tab ends a scan when the rules say so, and Enter then does not', () => {
    const tab = { ...DEFAULT_WEDGE_RULES, suffix: 'Tab' } as const;
    expect(last(typed([...chars('1234'), 'Tab'], 5, tab))).toEqual({ kind: 'scan', text: '1234' });
    expect(last(typed([...chars('1234'), 'Enter'], 5, tab))).toEqual({ kind: 'release', held: '234', then: 'pass' });
  });

  it('a prefix must open the burst and is left out of the code; the length counts without it', () => {
    const rules = { ...DEFAULT_WEDGE_RULES, prefix: '#!' };
    expect(last(typed([...chars('#!1234'), 'Enter'], 5, rules))).toEqual({ kind: 'scan', text: '1234' });
    expect(last(typed([...chars('#!123'), 'Enter'], 5, rules))).toMatchObject({ kind: 'release' });
    expect(last(typed([...chars('x!1234'), 'Enter'], 5, rules))).toMatchObject({ kind: 'release' });
  });

  it('a character outside the BMP counts as one key', () => {
    expect(last(typed([...chars('𝟘𝟙𝟚𝟛'), 'Enter'], 5))).toEqual({ kind: 'scan', text: '𝟘𝟙𝟚𝟛' });
  });

  it('giving the held keys back keeps the run: a key stamped in time still continues it to a scan', () => {
    const recogniser = new BurstRecogniser(DEFAULT_WEDGE_RULES);
    for (const [index, key] of chars('abc').entries()) recogniser.key({ key, time: 100 + index * 5, plain: true });
    expect(recogniser.holding).toBe(true);
    expect(recogniser.release()).toBe('bc');
    expect(recogniser.holding).toBe(false);
    // Delivered late by a busy browser, stamped 5 ms after the last.
    expect(recogniser.key({ key: 'd', time: 115, plain: true })).toEqual({ kind: 'hold' });
    expect(recogniser.key({ key: 'Enter', time: 120, plain: true })).toEqual({ kind: 'scan', text: 'abcd' });
  });

  it('a run given back and then ended gives back only what came after', () => {
    const recogniser = new BurstRecogniser(DEFAULT_WEDGE_RULES);
    for (const [index, key] of chars('abc').entries()) recogniser.key({ key, time: 100 + index * 5, plain: true });
    recogniser.release();
    recogniser.key({ key: 'd', time: 115, plain: true });
    expect(recogniser.key({ key: 'ArrowLeft', time: 118, plain: true })).toEqual({ kind: 'release', held: 'd', then: 'pass' });
    expect(recogniser.reset()).toBe('');
  });
});

describe('the rules and the text a scan hands over', () => {
  it.each([
    [DEFAULT_WEDGE_RULES, DEFAULT_WEDGE_RULES],
    [{ suffix: 'Tab', prefix: '#', maxGapMs: 50, minLength: 1 }, { suffix: 'Tab', prefix: '#', maxGapMs: 50, minLength: 1 }],
    [{ ...DEFAULT_WEDGE_RULES, suffix: 'Space' }, null],
    [{ ...DEFAULT_WEDGE_RULES, maxGapMs: 1000 }, null],
    [{ ...DEFAULT_WEDGE_RULES, maxGapMs: 2.5 }, null],
    [{ ...DEFAULT_WEDGE_RULES, minLength: 0 }, null],
    [{ ...DEFAULT_WEDGE_RULES, prefix: 'much-too-long' }, null],
    [{ suffix: 'Enter' }, null],
    ['rules', null],
    [null, null],
  ])('%j → %j', (value, expected) => {
    expect(parseWedgeRules(value)).toEqual(expected);
  });

  it.each([
    ['8934567890123', '8934567890123'],
    ['PL-42\u0000-0007\u001b[2J', 'PL-42-0007[2J'],
    ['\u202eevil\u202c', 'evil'],
    ['\u0007\u0008', null],
    ['<img src=x onerror=alert(1)>', '<img src=x onerror=alert(1)>'],
  ])('%j → %j', (text, expected) => {
    expect(cleanScanText(text)).toBe(expected);
  });

  it('cuts a code at the limit', () => {
    expect(cleanScanText('9'.repeat(MAX_SCAN_LENGTH + 10))).toHaveLength(MAX_SCAN_LENGTH);
  });
});

describe('listening in a document', () => {
  afterEach(() => document.body.replaceChildren());

  /** Dispatches keydowns stamped `gap` ms apart (happy-dom stamps events itself: the stamp is read through a getter). */
  function press(target: EventTarget, keys: readonly string[], gap: number, from = performance.now()): KeyboardEvent[] {
    return keys.map((key, index) => {
      const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, composed: true });
      Object.defineProperty(event, 'timeStamp', { value: from + index * gap });
      target.dispatchEvent(event);
      return event;
    });
  }

  it('outside fields: the scan goes to the listener, its keys after the first reach nobody', () => {
    const button = document.body.appendChild(document.createElement('button'));
    const seen = vi.fn();
    const onScan = vi.fn();
    button.addEventListener('keydown', seen);
    const stop = listenForScans(window, DEFAULT_WEDGE_RULES, onScan, 'take');
    const events = press(button, [...chars('PL-42'), 'Enter'], 5);
    stop();
    expect(onScan).toHaveBeenCalledExactlyOnceWith('PL-42');
    expect(events.map((event) => event.defaultPrevented)).toEqual([false, true, true, true, true, true]);
    expect(seen).toHaveBeenCalledTimes(1);
  });

  it('in a field the shell takes: what the first key typed is taken back, with an input event', () => {
    const field = document.body.appendChild(document.createElement('input'));
    field.value = 'abc';
    field.focus();
    field.setSelectionRange(3, 3);
    const inputs = vi.fn();
    field.addEventListener('input', inputs);
    const onScan = vi.fn();
    const stop = listenForScans(window, DEFAULT_WEDGE_RULES, onScan, 'take');
    const [first] = press(field, ['1'], 5);
    // The first key's default action, as the browser would take it.
    if (!first!.defaultPrevented) field.value += '1';
    press(field, [...chars('234'), 'Enter'], 5, first!.timeStamp + 5);
    stop();
    expect(onScan).toHaveBeenCalledExactlyOnceWith('1234');
    expect(field.value).toBe('abc');
    expect(inputs).toHaveBeenCalledTimes(1);
  });

  it('in a field the app leaves to itself: nothing is recognised or held', () => {
    const field = document.body.appendChild(document.createElement('input'));
    field.focus();
    const onScan = vi.fn();
    const stop = listenForScans(window, DEFAULT_WEDGE_RULES, onScan, 'leave');
    const events = press(field, [...chars('1234'), 'Enter'], 5);
    stop();
    expect(onScan).not.toHaveBeenCalled();
    expect(events.some((event) => event.defaultPrevented)).toBe(false);
  });

  it('gives held keys back to the field once the run is quiet (a person’s quick keys)', async () => {
    vi.useFakeTimers();
    const field = document.body.appendChild(document.createElement('input'));
    field.focus();
    const insert = vi.fn();
    Object.defineProperty(document, 'execCommand', { value: insert, configurable: true });
    const stop = listenForScans(window, DEFAULT_WEDGE_RULES, vi.fn(), 'take');
    press(field, chars('ab'), 5, performance.now());
    await vi.advanceTimersByTimeAsync(giveBackAfterMs(DEFAULT_WEDGE_RULES) - 1);
    expect(insert).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    stop();
    vi.useRealTimers();
    expect(insert).toHaveBeenCalledExactlyOnceWith('insertText', false, 'b');
  });

  it('a scan whose keys came late takes back what was given to the field meanwhile', async () => {
    vi.useFakeTimers();
    const field = document.body.appendChild(document.createElement('input'));
    field.focus();
    const insert = vi.fn((_command: string, _ui: boolean, text: string) => {
      field.value += text;
      return true;
    });
    Object.defineProperty(document, 'execCommand', { value: insert, configurable: true });
    const onScan = vi.fn();
    const stop = listenForScans(window, DEFAULT_WEDGE_RULES, onScan, 'take');
    const from = performance.now();
    const [first] = press(field, ['1'], 5, from);
    if (!first!.defaultPrevented) field.value += '1';
    press(field, chars('23'), 5, from + 5);
    // The browser is busy: the rest arrives after the held keys were given back, stamped in rhythm.
    await vi.advanceTimersByTimeAsync(giveBackAfterMs(DEFAULT_WEDGE_RULES));
    expect(field.value).toBe('123');
    press(field, [...chars('45'), 'Enter'], 5, from + 15);
    stop();
    vi.useRealTimers();
    expect(onScan).toHaveBeenCalledExactlyOnceWith('12345');
    expect(field.value).toBe('');
  });
});
