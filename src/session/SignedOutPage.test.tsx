import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import * as v from 'valibot';
import { brandSchema } from '../config/schema.ts';
import { initTestI18n } from '../offline/test-support.ts';
import { NextPersonPage } from '../shared-device/NextPersonPage.tsx';
import { MemoryRouter } from 'react-router';
import { SessionContext } from './context.ts';
import type { Session } from './session.ts';
import { SignedOutPage } from './SignedOutPage.tsx';

vi.mock('../sw-client/register.ts', () => ({ tellWorkerCurrentPerson: vi.fn() }));

let online = false;
beforeAll(initTestI18n);
beforeEach(() => {
  online = false;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function mount(page: React.ReactNode) {
  const session = { login: vi.fn(async () => undefined), endUnconfirmedLogout: vi.fn() };
  render(
    <MemoryRouter initialEntries={['/orders']}>
      <SessionContext.Provider value={session as unknown as Session}>{page}</SessionContext.Provider>
    </MemoryRouter>,
  );
  return session;
}

async function connectionReturns() {
  online = true;
  await act(async () => void dispatchEvent(new Event('online')));
}

describe('nobody signed in, without a connection', () => {
  it('a personal device: the portal’s own page offers Sign in once online, and signs in by itself when the connection returns', async () => {
    const session = mount(<SignedOutPage />);
    expect(screen.getByRole('heading', { name: 'You are signed out' })).toBeTruthy();
    expect(screen.getByText('Signing in needs a connection.')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('The sign-in page opens as soon as the device is back online.');
    screen.getByRole('button', { name: 'Sign in once online' }).click();
    expect(session.login).not.toHaveBeenCalled();
    await connectionReturns();
    expect(session.endUnconfirmedLogout).toHaveBeenCalled();
    expect(session.login).toHaveBeenCalledExactlyOnceWith('/', undefined);
  });

  it('a shared device: the next person’s page says so; the provider’s session ends when the connection returns, and only an asked-for sign-in starts', async () => {
    const session = mount(<NextPersonPage brand={v.parse(brandSchema, { logo: '/l.svg', favicon: '/f.svg' })} />);
    expect(screen.getByText('Signing in needs a connection.')).toBeTruthy();
    await connectionReturns();
    expect(session.endUnconfirmedLogout).toHaveBeenCalled();
    expect(session.login).not.toHaveBeenCalled();
    expect(screen.queryByText('Signing in needs a connection.')).toBeNull();
    screen.getByRole('button', { name: 'Sign in' }).click();
    expect(session.login).toHaveBeenCalledExactlyOnceWith('/orders', undefined);

    online = false;
    await act(async () => void dispatchEvent(new Event('offline')));
    await act(async () => screen.getByRole('button', { name: 'Sign in once online' }).click());
    expect(screen.getByRole('status').textContent).toBe('The sign-in page opens as soon as the device is back online.');
    await connectionReturns();
    expect(session.login).toHaveBeenCalledTimes(2);
  });

  it('a shared device: a badge scanned offline starts that person’s sign-in, their name filled in, once the connection returns', async () => {
    const brand = v.parse(brandSchema, { logo: '/l.svg', favicon: '/f.svg', sharedDevice: { badge: '^EMP-(?<login>\\w+)$' } });
    const session = mount(<NextPersonPage brand={brand} />);
    const from = performance.now();
    act(() =>
      [...'EMP-picker', 'Enter'].forEach((key, index) => {
        const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
        Object.defineProperty(event, 'timeStamp', { value: from + index * 5 });
        document.body.dispatchEvent(event);
      }),
    );
    expect(session.login).not.toHaveBeenCalled();
    expect(screen.getByRole('status').textContent).toBe('The sign-in page opens as soon as the device is back online.');
    await connectionReturns();
    expect(session.login).toHaveBeenCalledExactlyOnceWith('/orders', 'picker');
  });
});
