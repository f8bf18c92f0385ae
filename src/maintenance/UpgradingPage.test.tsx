import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '../offline/test-support.ts';
import { UpgradingPage } from './UpgradingPage.tsx';

const START = Date.parse('2030-01-05T01:00:00Z');
const END = Date.parse('2030-01-05T03:00:00Z');
const SEARCH = '?upgradeStartTime=2030-01-05T01:00:00Z&upgradeEndTime=2030-01-05T03:00:00Z&serviceName=Kho';

beforeAll(initTestI18n);
beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] }));
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

async function mount(now: number, search = SEARCH) {
  vi.setSystemTime(now);
  const navigate = vi.fn();
  await act(async () => {
    render(<UpgradingPage search={search} navigate={navigate} />);
  });
  return navigate;
}

describe('<UpgradingPage>', () => {
  it("shows 'Upgrading', the service and the time left, then goes home when it ends", async () => {
    const navigate = await mount(END - 3000);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Upgrading');
    expect(screen.getByText('Kho')).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toBe('Time remaining before done: 00:00:03');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2000);
    });
    expect(screen.getByRole('timer').textContent).toBe('Time remaining before done: 00:00:01');
    expect(navigate).not.toHaveBeenCalled();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/');
  });

  it.each([
    ['before the window', START - 1000],
    ['after the window', END],
  ])('sends the user home at once when now is %s', async (_, now) => {
    const navigate = await mount(now);
    expect(navigate).toHaveBeenCalledWith('/');
    expect(screen.queryByRole('heading')).toBeNull();
  });

  it('sends the user home when the query is malformed', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const navigate = await mount(START + 1000, '?upgradeStartTime=soon&serviceName=Kho');
    expect(navigate).toHaveBeenCalledWith('/');
    expect(warn).toHaveBeenCalledOnce();
  });
});
