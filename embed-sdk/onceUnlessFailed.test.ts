import { describe, expect, it, vi } from 'vitest';
import { onceUnlessFailed } from './onceUnlessFailed.js';

describe('onceUnlessFailed', () => {
  it('runs the task once and gives every caller its promise', async () => {
    const task = vi.fn(async () => 'chunk');
    const load = onceUnlessFailed(task);
    const [a, b] = [load(), load()];
    expect(a).toBe(b);
    await expect(a).resolves.toBe('chunk');
    await expect(load()).resolves.toBe('chunk');
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('runs it again after a failure, and keeps the run that worked', async () => {
    const task = vi.fn<() => Promise<string>>();
    task.mockRejectedValueOnce(new Error('offline')).mockResolvedValue('chunk');
    const load = onceUnlessFailed(task);
    await expect(load()).rejects.toThrow('offline');
    await expect(load()).resolves.toBe('chunk');
    await expect(load()).resolves.toBe('chunk');
    expect(task).toHaveBeenCalledTimes(2);
  });
});
