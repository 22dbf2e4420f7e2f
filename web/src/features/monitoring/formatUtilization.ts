/** Utilization as the page shows it; a dash when the range expected no work. */
export const formatUtilization = (percent: number | null) => (percent === null ? '—' : `${percent}%`);
