/** The automatic reminders' rules, as the contract and the Settings form both ask them. */
import { describe, expect, it } from 'vitest';
import { quietHoursProblem, reminderDaysProblem } from './reminderSchedule.js';

describe('reminderDaysProblem', () => {
  it.each([
    [[], null],
    [[2, 5, 10], null],
    [[1, 30], null],
    [[1, 2, 3, 4, 5, 6], { message: 'At most 5 reminders.' }],
    [[0], { index: 0, message: 'Each day must be at least 1.' }],
    [[2, 31], { index: 1, message: 'Each day must be at most 30.' }],
    [[2.5], { index: 0, message: 'Each day must be a whole number of days.' }],
    [[5, 2], { message: 'List the days in ascending order.' }],
    [[2, 2], { message: 'Day 2 is listed twice.' }],
  ])('%j', (days, problem) => {
    expect(reminderDaysProblem(days)).toEqual(problem);
  });
});

describe('quietHoursProblem', () => {
  it.each([
    [{ start: '21:00', end: '08:00' }, null],
    [{ start: '12:00', end: '13:30' }, null],
    [
      { start: '24:00', end: '08:00' },
      { field: 'start', message: 'Give a time as HH:MM, from 00:00 to 23:59.' },
    ],
    [
      { start: '21:00', end: '8:00' },
      { field: 'end', message: 'Give a time as HH:MM, from 00:00 to 23:59.' },
    ],
    [
      { start: '08:00', end: '08:00' },
      { field: 'end', message: 'Quiet hours must end at another time than they start.' },
    ],
  ])('%j', (window, problem) => {
    expect(quietHoursProblem(window)).toEqual(problem);
  });
});
