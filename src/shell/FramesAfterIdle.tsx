import { useEffect, useRef } from 'react';
import { useRuntime } from '../context/runtime.ts';
import { useShell } from '../context/shell.ts';
import { FRAMES_DEFAULTS, takeUpAfterIdle, type AfterIdleInput } from '../frames/after-idle.ts';
import type { Tell } from '../frames/in-place.ts';
import type { FramePool } from '../frames/pool-store.ts';

export interface FramesAfterIdleProps extends Pick<AfterIdleInput, 'frameAt' | 'offlineMode'> {
  pool: FramePool;
  /** messenger.ts `tellFrame`, handed in (in-place.ts `Tell` says why). */
  tell: Tell;
}

/**
 * The frames' part behind the first screen (frames/after-idle.ts), drawn by ReadyShell through `deferred`
 * once the browser is idle: moves in place, visibility, the person's warm apps. Draws nothing.
 */
export function FramesAfterIdle({ pool, tell, ...props }: FramesAfterIdleProps) {
  const sub = useShell().user.sub;
  const frames = useRuntime().config.frames;
  const input = (): AfterIdleInput => ({ ...props, sub, frames: { ...FRAMES_DEFAULTS, ...frames } });
  const latest = useRef(input());
  useEffect(() => void (latest.current = input()));
  useEffect(() => takeUpAfterIdle(pool, () => latest.current, tell), [pool, tell]);
  return null;
}
