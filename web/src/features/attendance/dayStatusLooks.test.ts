import { DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { DAY_STATUSES } from '../../../../domain/attendance/day-status.ts';
import { contrast, TEXT_CONTRAST } from '../../theme';
import { DAY_STATUS_LOOKS, dayStatusVariables } from './dayStatusLooks';

/** Mantine's text colour in each scheme: the day numbers and times are drawn in it. */
const plainText = { light: DEFAULT_THEME.black, dark: DEFAULT_THEME.colors.dark[0] };

describe.each(['light', 'dark'] as const)('day colours in the %s scheme', (scheme) => {
  it.each(DAY_STATUSES)('draws the %s label and plain text at 4.5:1 on the day', (status) => {
    const { background, text } = DAY_STATUS_LOOKS[status][scheme];
    expect(contrast(text, background)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    expect(contrast(plainText[scheme], background)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
  });
});

describe('day colours', () => {
  it('follow core §4: Present green, the leaves blue, pink and yellow, Absent and Leave red, Week Off white; a holiday violet, unlike any of them', () => {
    const { colors, white } = DEFAULT_THEME;
    const light = (status: keyof typeof DAY_STATUS_LOOKS) => DAY_STATUS_LOOKS[status].light.background;
    expect([light('present'), light('sickLeave'), light('paidLeave'), light('casualLeave'), light('leave'), light('absent'), light('weekOff'), light('holiday')]).toEqual([
      colors.green[1],
      colors.blue[1],
      colors.pink[1],
      colors.yellow[1],
      colors.red[1],
      colors.red[1],
      white,
      colors.violet[1],
    ]);
  });

  it('name every status but the blank future day', () => {
    expect(DAY_STATUSES.map((status) => DAY_STATUS_LOOKS[status].label)).toEqual([
      'Present',
      'Absent',
      'Week Off',
      'Holiday',
      'Sick Leave',
      'Paid Leave',
      'Casual Leave',
      'Leave',
      '',
    ]);
  });

  it('become the CSS variables of each colour scheme', () => {
    const { light, dark } = DAY_STATUS_LOOKS.present;
    expect(dayStatusVariables('light')['--attendance-present-background']).toBe(light.background);
    expect(dayStatusVariables('dark')['--attendance-present-text']).toBe(dark.text);
  });
});
