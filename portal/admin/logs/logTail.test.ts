import { describe, expect, it } from 'vitest';
import type { LogLine } from '../../../embed-sdk/contract/logs.js';
import { withTail } from './logTail.js';

const line = (id: number, second: number): LogLine => ({
  id,
  time: `2026-12-04T10:00:${String(second).padStart(2, '0')}.000Z`,
  level: 'info',
  instance: 'boot',
  companyId: null,
  companyName: null,
  requestId: null,
  message: `line ${id}`,
  fields: {},
});

describe('withTail', () => {
  it('puts what arrived above what was shown, newest first, each line once', () => {
    const shown = [line(3, 3), line(2, 2)];
    // Another instance's line (id 5) was logged before this one's (id 4) but stored after it.
    const arrived = [line(4, 5), line(5, 4), line(3, 3)];
    expect(withTail(shown, arrived, 10).map((l) => l.id)).toEqual([4, 5, 3, 2]);
  });

  it('keeps the newest `keep` lines', () => {
    expect(withTail([line(1, 1)], [line(2, 2), line(3, 3)], 2).map((l) => l.id)).toEqual([3, 2]);
  });
});
