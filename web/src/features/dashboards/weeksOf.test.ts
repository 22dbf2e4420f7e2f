import { describe, expect, it } from 'vitest';
import { weeksOf } from './weeksOf';

const days = (count: number) => Array.from({ length: count }, (_, index) => index + 1);

describe('weeksOf', () => {
  it('keeps a week as one page, oldest day first', () => {
    expect(weeksOf(days(7))).toEqual([[1, 2, 3, 4, 5, 6, 7]]);
  });
  it('counts weeks back from the last day, so the last page is the latest full week', () => {
    const weeks = weeksOf(days(30));
    expect(weeks.map((week) => week.length)).toEqual([2, 7, 7, 7, 7]);
    expect(weeks.at(-1)).toEqual([24, 25, 26, 27, 28, 29, 30]);
    expect(weeks.flat()).toEqual(days(30));
  });
  it('gives one empty page without days', () => {
    expect(weeksOf([])).toEqual([[]]);
  });
});
