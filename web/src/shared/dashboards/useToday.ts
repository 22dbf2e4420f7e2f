import { useNow } from '../../lib/useNow';
import { localDay } from './localDay';

/** Today on the browser's calendar, moving on at midnight while a dashboard stays open. */
export function useToday(): string {
  return localDay(useNow(60_000));
}
