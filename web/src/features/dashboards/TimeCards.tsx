import type { TimeTotals } from '../../shared/dashboards/DashboardViews';
import { formatDuration } from '../../shared/format/formatDuration';
import { percentLabel } from '../../shared/format/percentLabel';
import { StatCard } from '../../shared/dashboards/StatCard';

interface TimeCardsProps {
  /** Undefined while loading. */
  totals: TimeTotals | undefined;
  titles: { tracked: string; idle: string; productive: string; unproductive: string };
}

const noTime = 'No time tracked in this range';
const asPercent = (percent: number) => `${percent}%`;

/**
 * The overview cards: time tracked, then its parts with their shares of it as
 * bars: idle, productive and, once the desktop agent saw application usage in
 * the range, unproductive. Minutes and shares are the API's, so the parts add
 * up to the time tracked and the bars to 100%.
 */
export function TimeCards({ totals, titles }: TimeCardsProps) {
  const part = (title: string, minutes: number | undefined, percent: number | undefined, label: (percent: number) => string, color: string) => (
    <StatCard
      title={title}
      value={minutes === undefined ? undefined : formatDuration(minutes)}
      share={percent === undefined ? undefined : { percent, label: label(percent), color }}
      caption={percent !== undefined && totals?.trackedMinutes ? `${label(percent)} of tracked time` : noTime}
    />
  );
  return (
    <>
      <StatCard title={titles.tracked} value={totals && formatDuration(totals.trackedMinutes)} caption={totals?.trackedMinutes ? 'In the range shown' : noTime} />
      {part(titles.idle, totals?.idleMinutes, totals?.shares.idle, asPercent, 'orange.5')}
      {part(titles.productive, totals?.productiveMinutes, totals?.shares.productive, percentLabel, 'teal.6')}
      {totals?.usageSeen && part(titles.unproductive, totals.unproductiveMinutes, totals.shares.unproductive, asPercent, 'red.6')}
    </>
  );
}
