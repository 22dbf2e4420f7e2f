import { useMediaQuery } from '@mantine/hooks';

/** Under 600 px: a phone, where rows become cards and bars stack. */
const PHONE = '(max-width: 599.98px)';

/** Whether the window is phone-narrow, known from the first render (no flash of the wide layout). */
export function usePhone(): boolean {
  return useMediaQuery(PHONE, false, { getInitialValueInEffect: false });
}
