import { DEFAULT_THEME, darken, type MantineColor } from '@mantine/core';
import { DAY_STATUS_LABELS, DAY_STATUSES, type DayStatus } from '../../../../domain/attendance/day-status.ts';
import { readableOn, surfaces, toHex } from '../../theme';

/** How a day status is named and drawn: its label, and its background and label colours in each scheme. */
export interface DayStatusLook {
  /** Core §4's name; the blank future day has none. */
  label: string;
  /** The Mantine colour of its badges. */
  color: MantineColor;
  light: { background: string; text: string };
  dark: { background: string; text: string };
}

/** Core §4's colours: Present green, Sick Leave blue, Paid Leave pink, Casual Leave yellow, Leave and Absent red; a holiday violet, a colour of its own. */
const TINTS: Partial<Record<DayStatus, MantineColor>> = {
  present: 'green',
  absent: 'red',
  holiday: 'violet',
  sickLeave: 'blue',
  paidLeave: 'pink',
  casualLeave: 'yellow',
  leave: 'red',
};

const { colors } = DEFAULT_THEME;

/** Week Off is white (the card's own surface); a future day is blank grey. */
const PLAIN: Partial<Record<DayStatus, { light: string; dark: string }>> = {
  weekOff: { light: surfaces.light.body, dark: surfaces.dark.body },
  future: { light: colors.gray[2], dark: colors.dark[5] },
};

function backgrounds(status: DayStatus): { light: string; dark: string } {
  const tint = TINTS[status];
  if (!tint) return PLAIN[status]!;
  // As theme.ts tints light-variant alerts: a pale shade, or the darkest one halved in the dark.
  return { light: colors[tint][1], dark: toHex(darken(colors[tint][9], 0.5)) };
}

/** The label is drawn in the status's own colour, dark on the pale day, light on the dark one, at 4.5:1. */
function look(status: DayStatus): DayStatusLook {
  const background = backgrounds(status);
  const color = TINTS[status] ?? 'gray';
  const shades = colors[color];
  return {
    label: DAY_STATUS_LABELS[status] ?? '',
    color,
    light: { background: background.light, text: readableOn([background.light], shades[9]) },
    dark: { background: background.dark, text: readableOn([background.dark], shades[2]) },
  };
}

export const DAY_STATUS_LOOKS = Object.fromEntries(DAY_STATUSES.map((status) => [status, look(status)])) as Record<DayStatus, DayStatusLook>;

/** The CSS variables of every status in a colour scheme, `--attendance-<status>-background` and `-text`, for the calendar's stylesheet. */
export function dayStatusVariables(scheme: 'light' | 'dark'): Record<string, string> {
  return Object.fromEntries(
    DAY_STATUSES.flatMap((status) => {
      const { background, text } = DAY_STATUS_LOOKS[status][scheme];
      return [
        [`--attendance-${status}-background`, background],
        [`--attendance-${status}-text`, text],
      ];
    }),
  );
}
