import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CURRENT_PERSON_MESSAGE, mayShow, parseCurrentPersonMessage, personDigest } from './current-person.ts';

describe('whom the worker may show a push to', () => {
  it('keeps a salted digest of the person, never their id, and a new salt each time', async () => {
    const first = await personDigest('staff-0003');
    const second = await personDigest('staff-0003');
    expect(JSON.stringify(first)).not.toContain('staff-0003');
    expect(first.salt).not.toBe(second.salt);
    expect(first.digest).not.toBe(second.digest);
  });

  it('shows a shared device’s messages to the signed-in person only; none while nobody is', async () => {
    const picker = await personDigest('staff-0003');
    expect(await mayShow('staff-0003', picker)).toBe(true);
    expect(await mayShow('staff-0013', picker)).toBe(false);
    expect(await mayShow(undefined, picker)).toBe(false); // no recipient: cannot be checked
    expect(await mayShow('staff-0003', null)).toBe(false);
  });

  it('a personal device shows every message, as before', async () => {
    expect(await mayShow('staff-0003', 'personal')).toBe(true);
    expect(await mayShow(undefined, 'personal')).toBe(true);
  });

  it('reads the page’s message and nothing else', async () => {
    const person = await personDigest('staff-0003');
    expect(parseCurrentPersonMessage({ type: CURRENT_PERSON_MESSAGE, person })).toEqual({ type: CURRENT_PERSON_MESSAGE, person });
    expect(parseCurrentPersonMessage({ type: CURRENT_PERSON_MESSAGE, person: null })).toEqual({ type: CURRENT_PERSON_MESSAGE, person: null });
    for (const bad of [{ type: CURRENT_PERSON_MESSAGE, person: 'personal' }, { type: CURRENT_PERSON_MESSAGE }, { type: CURRENT_PERSON_MESSAGE, person: 'staff-0003' }, { type: CURRENT_PERSON_MESSAGE, person: { ...person, digest: 'x' } }, { type: 'other', person: null }, null, 'x']) {
      expect(parseCurrentPersonMessage(bad)).toBeNull();
    }
    fc.assert(fc.property(fc.anything(), (data) => void parseCurrentPersonMessage(data)));
  });
});
