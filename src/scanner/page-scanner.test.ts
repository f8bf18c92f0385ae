import { describe, expect, it, vi } from 'vitest';
import { drawnScanner, openCamera } from './page-scanner.ts';
import type { ShellScanner } from './shell-scanner.ts';

const scanner = () => ({ openCamera: vi.fn() }) as unknown as ShellScanner & { openCamera: ReturnType<typeof vi.fn> };

describe('the header’s scan button and the page’s scanner', () => {
  it('opens the drawn scanner’s camera; a tap before it is drawn opens it once it is', () => {
    openCamera();
    const first = scanner();
    const undraw = drawnScanner(first);
    expect(first.openCamera).toHaveBeenCalledOnce();
    openCamera();
    expect(first.openCamera).toHaveBeenCalledTimes(2);
    undraw();
    const second = scanner();
    drawnScanner(second)();
    expect(second.openCamera).not.toHaveBeenCalled();
  });
});
