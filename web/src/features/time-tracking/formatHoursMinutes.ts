/** Whole seconds as h:mm, the duration in the 'timer stopped' desktop notification. */
export function formatHoursMinutes(totalSeconds: number): string {
  const minutes = Math.max(0, Math.floor(totalSeconds / 60));
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;
}
