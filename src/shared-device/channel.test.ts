import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEVICE_CHANNEL, openDeviceChannel, type DeviceMessage } from './channel.ts';
import { drainProblems, type Problem } from '../storage/problems.ts';

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('the shared device channel between tabs', () => {
  const open: { close(): void }[] = [];
  afterEach(() => open.splice(0).forEach((channel) => channel.close()));

  it('tells the other tabs, not itself', async () => {
    const heard: DeviceMessage[] = [];
    const here = openDeviceChannel(() => heard.push({ type: 'lock' }));
    const other: DeviceMessage[] = [];
    open.push(here, openDeviceChannel((message) => other.push(message)));
    here.post({ type: 'shift-end' });
    here.post({ type: 'unlock' });
    await settle();
    expect(other).toEqual([{ type: 'shift-end' }, { type: 'unlock' }]);
    expect(heard).toEqual([]);
  });

  it('drops and reports anything else posted on its name', async () => {
    const problems: Problem[] = [];
    const stop = drainProblems((problem) => problems.push(problem));
    const onMessage = vi.fn();
    const raw = new BroadcastChannel(DEVICE_CHANNEL);
    open.push(raw, openDeviceChannel(onMessage));
    for (const data of [{ type: 'unlock-everything' }, 'shift-end', null, { type: 'lock', extra: 1 }]) raw.postMessage(data);
    await settle();
    // Extra fields are dropped with the shape check; the message itself is one of ours.
    expect(onMessage.mock.calls).toEqual([[{ type: 'lock' }]]);
    expect(problems.map((problem) => problem.name)).toEqual(['shared_device_message_invalid', 'shared_device_message_invalid', 'shared_device_message_invalid']);
    stop();
  });
});
