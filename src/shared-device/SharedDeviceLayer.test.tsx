import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '../offline/test-support.ts';
import type { DeviceView, SharedDevice } from './device.ts';
import { SharedDeviceLayer } from './SharedDeviceLayer.tsx';

beforeAll(initTestI18n);
afterEach(cleanup);

/** A device whose view the test sets, recording what the layer asks of it. */
function fakeDevice(view: DeviceView) {
  let current = view;
  const listeners = new Set<() => void>();
  const device = {
    getView: () => current,
    subscribe: (listener: () => void) => (listeners.add(listener), () => listeners.delete(listener)),
    stillHere: vi.fn(),
    enterPin: vi.fn(async () => undefined),
    signInAgain: vi.fn(async () => undefined),
    endShift: vi.fn(async () => undefined),
    setPin: vi.fn(async (pin: string) => pin.length === 4),
    skipPin: vi.fn(),
  };
  const show = (next: DeviceView) =>
    act(() => {
      current = next;
      listeners.forEach((listener) => listener());
    });
  return { device, show, layer: () => render(<SharedDeviceLayer device={device as unknown as SharedDevice} name="Lê Văn Kho" pinLength={4} waiting={{ get: () => 2, subscribe: () => () => undefined }} />) };
}

const locked = (patch: Partial<Extract<DeviceView, { kind: 'locked' }>> = {}): DeviceView => ({ kind: 'locked', hasPin: true, triesLeft: 3, problem: null, busy: false, ...patch });

describe('the shared device’s dialogs', () => {
  it('draws nothing at work once the PIN is set or skipped', () => {
    const { layer } = fakeDevice({ kind: 'working', offerPin: false });
    const { container } = layer();
    expect(container.innerHTML).toBe('');
    expect(document.querySelector('dialog')).toBeNull();
  });

  it('the lock shows only the person’s initials and name, the time and the writes waiting, as a named dialog', () => {
    const { layer } = fakeDevice(locked());
    layer();
    const dialog = screen.getByRole('dialog', { name: 'Screen locked' });
    expect(dialog).toHaveProperty('open', true);
    expect(dialog.textContent).toContain('VK');
    expect(dialog.textContent).toContain('Lê Văn Kho');
    expect(dialog.querySelector('time')).not.toBeNull();
    expect(screen.getByText('Changes waiting to be sent: 2')).toBeTruthy();
  });

  it('unlocks with the whole PIN typed; says how many tries are left after a wrong one', () => {
    const { device, show, layer } = fakeDevice(locked());
    layer();
    fireEvent.change(screen.getByLabelText('PIN'), { target: { value: '482' } });
    expect(device.enterPin).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('PIN'), { target: { value: '4826' } });
    expect(device.enterPin).toHaveBeenCalledWith('4826');
    show(locked({ triesLeft: 2, problem: 'wrong-pin' }));
    expect(screen.getByRole('alert').textContent).toBe('Wrong PIN. Tries left: 2.');
    expect((screen.getByLabelText('PIN') as HTMLInputElement).value).toBe('');
  });

  it('without a PIN, unlocking is a full sign-in; "Not you?" ends the shift', () => {
    const { device, layer } = fakeDevice(locked({ hasPin: false }));
    layer();
    expect(screen.queryByLabelText('PIN')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Sign in again' }));
    expect(device.signInAgain).toHaveBeenCalledOnce();
    fireEvent.click(screen.getByRole('button', { name: 'Not you? End the shift' }));
    expect(device.endShift).toHaveBeenCalledOnce();
  });

  it('names a scanned code that is no badge, as text', () => {
    const { layer } = fakeDevice(locked({ problem: 'not-a-badge', scanned: '<b>PL-42</b>' }));
    layer();
    expect(screen.getByRole('alert').textContent).toBe('“<b>PL-42</b>” is not a staff badge.');
    expect(screen.getByRole('alert').querySelector('b')).toBeNull();
  });

  it('the person’s own badge puts the focus back on the PIN (or, without one, on signing in again)', () => {
    const withPin = fakeDevice(locked());
    withPin.layer();
    screen.getByRole('button', { name: 'Not you? End the shift' }).focus();
    withPin.show(locked({ pinFocus: 1 }));
    expect(document.activeElement).toBe(screen.getByLabelText('PIN'));
    cleanup();
    const withoutPin = fakeDevice(locked({ hasPin: false }));
    withoutPin.layer();
    screen.getByRole('button', { name: 'Not you? End the shift' }).focus();
    withoutPin.show(locked({ hasPin: false, pinFocus: 1 }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Sign in again' }));
  });

  it('Escape does not close the lock', () => {
    const { layer } = fakeDevice(locked());
    layer();
    const dialog = screen.getByRole('dialog', { name: 'Screen locked' });
    fireEvent(dialog, new Event('cancel', { cancelable: true }));
    expect(dialog).toHaveProperty('open', true);
  });

  it('the countdown is an alert dialog whose "Still here" keeps the screen', () => {
    const { device, layer } = fakeDevice({ kind: 'warning', lockAt: Date.now() + 60_000 });
    layer();
    const dialog = screen.getByRole('alertdialog', { name: 'Still here?' });
    expect(dialog.textContent).toMatch(/The screen locks in (60|59) s/);
    fireEvent.click(screen.getByRole('button', { name: 'Still here' }));
    expect(device.stillHere).toHaveBeenCalledOnce();
  });

  it('offers a PIN typed twice, says what is wrong with it, and lets the person skip it', async () => {
    const { device, layer } = fakeDevice({ kind: 'working', offerPin: true });
    layer();
    screen.getByRole('dialog', { name: 'Set a PIN for this shift' });
    const [pin, again] = [screen.getByLabelText('PIN'), screen.getByLabelText('PIN again')];
    fireEvent.change(pin, { target: { value: '1234' } });
    fireEvent.change(again, { target: { value: '1235' } });
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Set PIN' })));
    expect(screen.getByRole('alert').textContent).toBe('The two PINs differ.');
    expect(device.setPin).not.toHaveBeenCalled();
    fireEvent.change(pin, { target: { value: '12' } });
    fireEvent.change(again, { target: { value: '12' } });
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Set PIN' })));
    expect(screen.getByRole('alert').textContent).toBe('Enter 4 digits.');
    fireEvent.click(screen.getByRole('button', { name: 'Skip' }));
    expect(device.skipPin).toHaveBeenCalledOnce();
  });

  it('while the shift ends, says so', () => {
    const { layer } = fakeDevice({ kind: 'ending' });
    layer();
    expect(screen.getByRole('dialog', { name: 'Ending the shift…' })).toBeTruthy();
  });
});
