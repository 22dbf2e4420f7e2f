import { percentShares } from '../../../../domain/accounting/time.ts';
import type { ApiAnswer } from '../../lib/api';
import { formatClock } from '../../shared/format/formatClock';
import { StatCard } from '../../shared/dashboards/StatCard';
import { formatHm } from './formatHm';
import { formatHms } from './formatHms';

export type AppDayTotals = ApiAnswer<'get', '/api/companies/{companyId}/application-dashboard'>['totals'];

interface AppDayCardsProps {
  /** Undefined while loading. */
  totals: AppDayTotals | undefined;
  /** The zones the punch times are shown in. */
  zones: { punchIn: string; punchOut: string } | undefined;
}

const noTime = 'No time tracked on this day';

/**
 * The day's totals (management §2): time tracked and its parts (productive,
 * idle, unproductive) in the API's whole minutes, as every other page shows
 * them, so the parts add up to it and their shares to 100%; the break
 * between punches to the second, and the punches.
 */
export function AppDayCards({ totals, zones }: AppDayCardsProps) {
  const [productive, idle, unproductive] = totals ? percentShares([totals.productiveMinutes, totals.idleMinutes, totals.unproductiveMinutes]) : [];
  const share = (percent: number | undefined, color: string) => (percent === undefined ? undefined : { percent, label: `${percent}%`, color });
  const caption = (percent: number | undefined) => (totals?.trackedMinutes && percent !== undefined ? `${percent}% of tracked time` : noTime);
  const clock = (at: string | null | undefined, zone: string | undefined) => (at === undefined ? undefined : at === null || !zone ? '—' : formatClock(at, zone));
  return (
    <>
      <StatCard title="Total Time Tracked" value={totals && formatHm(totals.trackedMinutes)} caption={totals?.trackedMinutes ? 'From the time log' : noTime} />
      <StatCard title="Productive" value={totals && formatHm(totals.productiveMinutes)} share={share(productive, 'teal.6')} caption={caption(productive)} />
      <StatCard title="Idle" value={totals && formatHm(totals.idleMinutes)} share={share(idle, 'orange.5')} caption={caption(idle)} />
      <StatCard title="Unproductive" value={totals && formatHm(totals.unproductiveMinutes)} share={share(unproductive, 'red.6')} caption={caption(unproductive)} />
      <StatCard title="Break" value={totals && formatHms(totals.breakMs)} caption="Between the day’s punches" />
      <StatCard title="Punch In" value={clock(totals?.punchIn, zones?.punchIn)} caption={totals?.punchIn ? zones?.punchIn : 'No punch in'} />
      <StatCard title="Punch Out" value={clock(totals?.punchOut, zones?.punchOut)} caption={totals?.punchOut ? zones?.punchOut : 'No punch out'} />
    </>
  );
}
