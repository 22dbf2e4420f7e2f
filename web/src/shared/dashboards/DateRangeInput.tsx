import { type MantineSize, VisuallyHidden } from '@mantine/core';
import { DatePickerInput, type DatePickerPreset, type DatesRangeValue } from '@mantine/dates';
import { useMediaQuery } from '@mantine/hooks';
import { useId, useState } from 'react';
import { Temporal } from 'temporal-polyfill';
import type { DayRange } from '../../../../domain/dashboards/range.ts';

interface DateRangeInputProps {
  /** The days shown, or null when the URL's range cannot be shown. */
  range: DayRange | null;
  today: string;
  onPick: (range: DayRange) => void;
  size?: MantineSize;
  /** Ranges offered beside the calendar. */
  presets?: DatePickerPreset<'range'>[];
  /** Takes the width left in its row (a phone's bar) rather than a fixed 250 px. */
  fill?: boolean;
}

/** A range of days up to today: the days shown until the user picks both ends of new ones. */
export function DateRangeInput({ range, today, onPick, size, presets, fill = false }: DateRangeInputProps) {
  const [picking, setPicking] = useState<DatesRangeValue<string> | null>(null);
  const wide = useMediaQuery('(min-width: 48em)');
  const labelId = useId();
  const inputId = useId();
  const value: DatesRangeValue<string> = picking ?? (range ? [range.from, range.to] : [null, null]);
  return (
    <>
      {/* Showing days, it is named 'Date Range' and then by the days, so the name holds the visible text (WCAG 2.5.3); empty, by its placeholder. */}
      <VisuallyHidden id={labelId}>Date Range</VisuallyHidden>
      <DatePickerInput
        id={inputId}
        aria-labelledby={value[0] ? `${labelId} ${inputId}` : undefined}
        type="range"
        placeholder="Date Range"
        size={size}
        w={fill ? undefined : 250}
        valueFormat="MMM D, YYYY"
        allowSingleDateInRange
        presets={presets}
        numberOfColumns={wide ? 2 : 1}
        // Side by side, the month of the last day shown and the one before it: later days cannot be picked.
        defaultDate={wide ? Temporal.PlainDate.from(range?.to ?? today).subtract({ months: 1 }).toString() : (range?.to ?? today)}
        maxDate={today}
        value={value}
        onChange={([from, to]) => {
          if (from && to) {
            setPicking(null);
            onPick({ from, to });
          } else {
            setPicking([from, to]);
          }
        }}
        onDropdownClose={() => setPicking(null)}
        style={fill ? { flex: 1, minWidth: 0 } : { flexShrink: 0 }}
      />
    </>
  );
}
