import { VisuallyHidden } from '@mantine/core';
import { DatePickerInput, type DatesRangeValue } from '@mantine/dates';
import { useId, useState } from 'react';
import { type DayRange, presetRange, RANGE_LABELS, RANGE_PRESETS } from '../../../../domain/dashboards/range.ts';

interface PerformanceRangeInputProps {
  /** The days shown, or null when the URL's range cannot be shown. */
  range: DayRange | null;
  today: string;
  onPick: (range: DayRange) => void;
}

/** The range: the dashboards' presets beside the calendar, or any days up to today. */
export function PerformanceRangeInput({ range, today, onPick }: PerformanceRangeInputProps) {
  const [picking, setPicking] = useState<DatesRangeValue<string> | null>(null);
  const labelId = useId();
  const inputId = useId();
  const value: DatesRangeValue<string> = picking ?? (range ? [range.from, range.to] : [null, null]);
  const presets = RANGE_PRESETS.map((preset) => {
    const days = presetRange(preset, today);
    return { value: [days.from, days.to] as DatesRangeValue<string>, label: RANGE_LABELS[preset] };
  });
  return (
    <>
      {/* Named 'Date Range' and then by the days, so the name holds the visible text (WCAG 2.5.3). */}
      <VisuallyHidden id={labelId}>Date Range</VisuallyHidden>
      <DatePickerInput
        id={inputId}
        aria-labelledby={value[0] ? `${labelId} ${inputId}` : undefined}
        type="range"
        placeholder="Date Range"
        w={250}
        valueFormat="MMM D, YYYY"
        allowSingleDateInRange
        presets={presets}
        defaultDate={range?.to ?? today}
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
      />
    </>
  );
}
