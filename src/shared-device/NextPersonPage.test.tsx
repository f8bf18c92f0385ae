import { act, cleanup, render, screen } from '@testing-library/react';
import * as v from 'valibot';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { brandSchema } from '../config/schema.ts';
import { initTestI18n } from '../offline/test-support.ts';
import { SessionContext } from '../session/context.ts';
import type { Session } from '../session/session.ts';
import { handOver } from './badge.ts';
import { NextPersonPage } from './NextPersonPage.tsx';

beforeAll(initTestI18n);
afterEach(cleanup);

const brand = v.parse(brandSchema, { logo: '/l.svg', favicon: '/f.svg', sharedDevice: { badge: '^EMP-(?<login>[\\w.@-]+)$' } });

function page() {
  const session = { login: vi.fn(async () => undefined), endUnconfirmedLogout: vi.fn() };
  render(
    <SessionContext.Provider value={session as unknown as Session}>
      <MemoryRouter initialEntries={['/warehousing/export/picking-process']}>
        <NextPersonPage brand={brand} />
      </MemoryRouter>
    </SessionContext.Provider>,
  );
  return session;
}

/** A wedge burst on the page, 5 ms a key. */
function scan(text: string) {
  const from = performance.now();
  act(() =>
    [...text, 'Enter'].forEach((key, index) => {
      const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, composed: true });
      Object.defineProperty(event, 'timeStamp', { value: from + index * 5 });
      document.body.dispatchEvent(event);
    }),
  );
}

describe('the next person’s page on a shared device', () => {
  it('a badge scanned here starts that person’s sign-in with their name filled in', () => {
    const session = page();
    expect(screen.getByText('Or scan your staff badge: your user name is filled in for you.')).toBeTruthy();
    scan('EMP-picker2');
    expect(session.login).toHaveBeenCalledExactlyOnceWith('/warehousing/export/picking-process', 'picker2');
  });

  it('a code that is no badge is named, and nobody is signed in', () => {
    const session = page();
    scan('PL-42-0007');
    expect(screen.getByRole('alert').textContent).toBe('“PL-42-0007” is not a staff badge.');
    expect(session.login).not.toHaveBeenCalled();
  });

  it('the badge that ended the shift on the lock starts its person’s sign-in at once', () => {
    handOver('staff-0013');
    const session = page();
    expect(session.login).toHaveBeenCalledExactlyOnceWith('/warehousing/export/picking-process', 'staff-0013');
  });
});
