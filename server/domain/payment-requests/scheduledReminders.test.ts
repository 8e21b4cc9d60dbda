/** Automatic reminders' rules: which step is due, and the quiet hours on the practice's own clock. */
import { describe, expect, it } from 'vitest';
import {
  isQuietTime,
  latestStepDue,
  minuteOfDayIn,
  minuteOfTime,
  stepDueAt,
  stepToSend,
  timeOfMinute,
} from './scheduledReminders.js';

const DAY = 86_400_000;
const sent = new Date('2026-03-02T16:00:00Z');
const after = (ms: number) => new Date(sent.getTime() + ms);

describe('latestStepDue', () => {
  it.each([
    ['before the first step', [2, 5, 10], 2 * DAY - 1, null],
    ['at the first step', [2, 5, 10], 2 * DAY, 2],
    ['between steps', [2, 5, 10], 4 * DAY, 2],
    ['several steps passed at once: the latest', [2, 5, 10], 11 * DAY, 10],
    ['no days', [], 30 * DAY, null],
  ])('%s', (_name, days, elapsed, expected) => {
    expect(latestStepDue(days, sent, after(elapsed))).toBe(expected);
  });

  it('counts days of 24 hours from the link, across a change to summer time', () => {
    // Chicago moves its clocks on 8 March 2026: the step still falls 7 × 24 hours later.
    expect(stepDueAt(sent, 7).toISOString()).toBe('2026-03-09T16:00:00.000Z');
  });
});

describe('stepToSend', () => {
  const base = { days: [2, 5], sent, linkExpired: false, lastStepSent: null };
  it.each([
    ['nothing due yet', { now: after(DAY) }, null],
    ['the first step', { now: after(2 * DAY) }, 2],
    ['the first step, sent already', { now: after(3 * DAY), lastStepSent: 2 }, null],
    ['the next step once the first went', { now: after(5 * DAY), lastStepSent: 2 }, 5],
    ['both passed, none sent: only the latest', { now: after(6 * DAY) }, 5],
    [
      'a later step sent, the schedule moved earlier: nothing again',
      { now: after(6 * DAY), lastStepSent: 7 },
      null,
    ],
    ['the link expired', { now: after(5 * DAY), linkExpired: true }, null],
  ])('%s', (_name, change, expected) => {
    expect(stepToSend({ ...base, ...change })).toBe(expected);
  });
});

describe('times of day', () => {
  it.each([
    ['00:00', 0],
    ['08:05', 485],
    ['21:30', 1290],
    ['23:59', 1439],
  ])('%s is minute %i', (time, minute) => {
    expect(minuteOfTime(time)).toBe(minute);
    expect(timeOfMinute(minute)).toBe(time);
  });
});

describe('minuteOfDayIn', () => {
  const at = new Date('2026-07-01T12:00:00Z');
  it.each([
    ['UTC', 12 * 60],
    ['America/Chicago', 7 * 60], // CDT, UTC−5
    ['America/Los_Angeles', 5 * 60], // PDT, UTC−7
    ['Asia/Kolkata', 17 * 60 + 30], // UTC+5:30
    ['Pacific/Auckland', 0], // NZST, UTC+12: midnight
  ])('%s', (zone, minute) => {
    expect(minuteOfDayIn(zone, at)).toBe(minute);
  });

  it('refuses a zone it does not know', () => {
    expect(() => minuteOfDayIn('Mars/Olympus', at)).toThrow(RangeError);
  });
});

describe('isQuietTime', () => {
  const night = { start: '21:00', end: '08:00' };
  const lunch = { start: '12:00', end: '13:30' };
  const chicago = 'America/Chicago';

  it('is never quiet without a window', () => {
    expect(isQuietTime(null, chicago, new Date('2026-07-01T07:00:00Z'))).toBe(false);
  });

  it.each([
    // A window over midnight, in Chicago's summer (UTC−5).
    ['20:59 local', '2026-07-02T01:59:00Z', false],
    ['21:00 local: the start is quiet', '2026-07-02T02:00:00Z', true],
    ['midnight local', '2026-07-02T05:00:00Z', true],
    ['07:59 local', '2026-07-02T12:59:00Z', true],
    ['08:00 local: the end sends', '2026-07-02T13:00:00Z', false],
  ])('over midnight: %s', (_name, iso, quiet) => {
    expect(isQuietTime(night, chicago, new Date(iso))).toBe(quiet);
  });

  it.each([
    ['11:59', '2026-07-01T16:59:00Z', false],
    ['12:00', '2026-07-01T17:00:00Z', true],
    ['13:29', '2026-07-01T18:29:00Z', true],
    ['13:30', '2026-07-01T18:30:00Z', false],
  ])('within a day: %s local', (_name, iso, quiet) => {
    expect(isQuietTime(lunch, chicago, new Date(iso))).toBe(quiet);
  });

  it('follows the practice’s clock across the change to summer time (8 March 2026 in Chicago)', () => {
    // 13:30 UTC is 07:30 CST on Saturday (quiet), and 08:30 CDT on Monday (not).
    expect(isQuietTime(night, chicago, new Date('2026-03-07T13:30:00Z'))).toBe(true);
    expect(isQuietTime(night, chicago, new Date('2026-03-09T13:30:00Z'))).toBe(false);
    // On the night of the change, 01:59 CST is followed by 03:00 CDT: both still quiet.
    expect(isQuietTime(night, chicago, new Date('2026-03-08T07:59:00Z'))).toBe(true);
    expect(isQuietTime(night, chicago, new Date('2026-03-08T08:00:00Z'))).toBe(true);
    // The window ends at 08:00 CDT, 13:00 UTC, an hour earlier by UTC than the day before.
    expect(isQuietTime(night, chicago, new Date('2026-03-08T12:59:00Z'))).toBe(true);
    expect(isQuietTime(night, chicago, new Date('2026-03-08T13:00:00Z'))).toBe(false);
  });

  it('follows the practice’s clock back to standard time (1 November 2026 in Chicago)', () => {
    // 01:30 happens twice that night; quiet both times. 08:00 CST is 14:00 UTC.
    expect(isQuietTime(night, chicago, new Date('2026-11-01T06:30:00Z'))).toBe(true);
    expect(isQuietTime(night, chicago, new Date('2026-11-01T07:30:00Z'))).toBe(true);
    expect(isQuietTime(night, chicago, new Date('2026-11-01T13:30:00Z'))).toBe(true);
    expect(isQuietTime(night, chicago, new Date('2026-11-01T14:00:00Z'))).toBe(false);
  });

  it('reads the same moment on each practice’s clock', () => {
    const moment = new Date('2026-07-01T13:30:00Z'); // 08:30 in Chicago, 06:30 in Los Angeles
    expect(isQuietTime(night, chicago, moment)).toBe(false);
    expect(isQuietTime(night, 'America/Los_Angeles', moment)).toBe(true);
  });
});
