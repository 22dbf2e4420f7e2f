import { percentOf } from '../../../../domain/dashboards/time-summary.ts';
import { formatDuration } from '../dashboards/formatDuration';
import { percentLabel } from '../dashboards/percentLabel';
import { StatCard } from '../dashboards/StatCard';
import { formatUtilization } from './formatUtilization';
import type { PerformanceDashboard } from './performanceApi';

const noTime = 'No time tracked in this range';

/** The team's figures: work hours, then the productive, idle and unproductive shares of them, and utilization. */
export function PerformanceCards({ data }: { data: PerformanceDashboard | undefined }) {
  const totals = data?.totals;
  const share = (ms: number | undefined, color: string) => {
    if (!totals || ms === undefined) return undefined;
    const percent = percentOf(ms, totals.trackedMs);
    return { percent, label: percentLabel(percent), color };
  };
  const caption = (ms: number | undefined) => (totals?.trackedMs ? `${percentLabel(percentOf(ms ?? 0, totals.trackedMs))} of work hours` : noTime);
  const expectedMs = data ? data.workingDays * data.dailyThresholdMs * data.people.length : 0;
  return (
    <>
      <StatCard title="Work Hours" value={totals && formatDuration(totals.trackedMs)} caption={totals?.trackedMs ? 'Time tracked in the range' : noTime} />
      <StatCard title="Productive Hours" value={totals && formatDuration(totals.productiveMs)} share={share(totals?.productiveMs, 'teal.6')} caption={caption(totals?.productiveMs)} />
      <StatCard title="Idle Hours" value={totals && formatDuration(totals.idleMs)} share={share(totals?.idleMs, 'orange.5')} caption={caption(totals?.idleMs)} />
      <StatCard title="Unproductive Hours" value={totals && formatDuration(totals.unproductiveMs)} share={share(totals?.unproductiveMs, 'red.6')} caption={caption(totals?.unproductiveMs)} />
      <StatCard
        title="Utilization"
        value={totals && formatUtilization(totals.utilizationPercent)}
        share={totals?.utilizationPercent == null ? undefined : { percent: totals.utilizationPercent, label: formatUtilization(totals.utilizationPercent), color: 'blue.6' }}
        caption={data && (expectedMs ? `Of ${formatDuration(expectedMs)} expected: ${data.workingDays} working days × ${formatDuration(data.dailyThresholdMs)}` : 'No working days in this range yet')}
      />
    </>
  );
}
