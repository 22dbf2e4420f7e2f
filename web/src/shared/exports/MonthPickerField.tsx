import { MonthPickerInput, type MonthPickerInputProps } from '@mantine/dates';
import { useId } from 'react';

type MonthPickerFieldProps = Omit<MonthPickerInputProps, 'id' | 'labelProps' | 'aria-labelledby' | 'clearButtonProps'> & { label: string };

/**
 * A labelled month picker whose name holds the month it shows, as its visible
 * text does (WCAG 2.5.3): 'From March 2026', not 'From' alone; its clear
 * button is named after it.
 */
export function MonthPickerField({ label, value, ...props }: MonthPickerFieldProps) {
  const labelId = useId();
  const inputId = useId();
  return (
    <MonthPickerInput
      {...props}
      id={inputId}
      label={label}
      labelProps={{ id: labelId }}
      // Mantine draws it at 22 px: a target needs 24 (WCAG 2.5.8).
      clearButtonProps={{ 'aria-label': `Clear ${label}`, style: { minWidth: 24, minHeight: 24 } }}
      aria-labelledby={value ? `${labelId} ${inputId}` : undefined}
      value={value}
    />
  );
}
