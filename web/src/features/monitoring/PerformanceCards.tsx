import { formatDuration } from '../../shared/format/formatDuration';
import { percentLabel } from '../../shared/format/percentLabel';
import { StatCard } from '../../shared/dashboards/StatCard';
import { formatUtilization } from './formatUtilization';
import type { PerformanceDashboard } from './performanceApi';

const noTime = 'No time tracked in this range';
const asPercent = (percent: number) => `${percent}%`;

/**
 * The team's figures: work hours, then its parts (productive, idle and
 * unproductive) with their shares of it, and utilization. The minutes and
 * shares are the API's: they add up to the work hours and to 100%.
 */
export function PerformanceCards({ data }: { data: PerformanceDashboard | undefined }) {
  const totals = data?.totals;
  const { productive, idle, unproductive } = totals?.shares ?? {};
  // As on the other dashboards, a productive share at 0% shows the minimum label (core §9); the others show their figure.
  const share = (percent: number | undefined, color: string, label = asPercent) => (percent === undefined ? undefined : { percent, label: label(percent), color });
  const caption = (percent: number | undefined, label = asPercent) => (totals?.trackedMinutes && percent !== undefined ? `${label(percent)} of work hours` : noTime);
  const people = data?.people.length ?? 0;
  return (
    <>
      <StatCard title="Work Hours" value={totals && formatDuration(totals.trackedMinutes)} caption={totals?.trackedMinutes ? 'Time tracked in the range' : noTime} />
      <StatCard title="Productive Hours" value={totals && formatDuration(totals.productiveMinutes)} share={share(productive, 'teal.6', percentLabel)} caption={caption(productive, percentLabel)} />
      <StatCard title="Idle Hours" value={totals && formatDuration(totals.idleMinutes)} share={share(idle, 'orange.5')} caption={caption(idle)} />
      <StatCard title="Unproductive Hours" value={totals && formatDuration(totals.unproductiveMinutes)} share={share(unproductive, 'red.6')} caption={caption(unproductive)} />
      <StatCard
        title="Utilization"
        value={totals && formatUtilization(totals.utilizationPercent)}
        share={totals?.utilizationPercent == null ? undefined : { percent: totals.utilizationPercent, label: formatUtilization(totals.utilizationPercent), color: 'blue.6' }}
        caption={
          data &&
          (data.workingDays && people
            ? `Of the time expected: ${people} ${people === 1 ? 'person' : 'people'} × ${data.workingDays} working ${data.workingDays === 1 ? 'day' : 'days'} × ${formatDuration(data.dailyThresholdMinutes)}`
            : 'No working days in this range yet')
        }
      />
    </>
  );
}
