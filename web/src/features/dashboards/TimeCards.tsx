import { percentOf } from '../../../../domain/dashboards/time-summary.ts';
import type { TimeTotals } from './DashboardViews';
import { formatDuration } from './formatDuration';
import { percentLabel } from './percentLabel';
import { StatCard } from './StatCard';

interface TimeCardsProps {
  /** Undefined while loading. */
  totals: TimeTotals | undefined;
  titles: { tracked: string; idle: string; productive: string };
}

const noTime = 'No time tracked in this range';

/** The overview cards: time tracked, then idle and productive time with their shares of it as bars. */
export function TimeCards({ totals, titles }: TimeCardsProps) {
  const idle = totals && percentOf(totals.idleMs, totals.trackedMs);
  const productive = totals && percentOf(totals.productiveMs, totals.trackedMs);
  const caption = (label: string) => (totals?.trackedMs ? `${label} of tracked time` : noTime);
  return (
    <>
      <StatCard title={titles.tracked} value={totals && formatDuration(totals.trackedMs)} caption={totals?.trackedMs ? 'In the range shown' : noTime} />
      <StatCard
        title={titles.idle}
        value={totals && formatDuration(totals.idleMs)}
        share={idle === undefined ? undefined : { percent: idle, label: `${idle}%`, color: 'orange.5' }}
        caption={caption(`${idle}%`)}
      />
      <StatCard
        title={titles.productive}
        value={totals && formatDuration(totals.productiveMs)}
        share={productive === undefined ? undefined : { percent: productive, label: percentLabel(productive), color: 'teal.6' }}
        caption={caption(percentLabel(productive ?? 0))}
      />
    </>
  );
}
