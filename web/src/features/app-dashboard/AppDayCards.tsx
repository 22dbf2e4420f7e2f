import { percentOf } from '../../../../domain/dashboards/time-summary.ts';
import type { ApiAnswer } from '../../lib/api';
import { formatClock } from '../dashboards/formatClock';
import { StatCard } from '../dashboards/StatCard';
import { formatHms } from './formatHms';

export type AppDayTotals = ApiAnswer<'get', '/api/companies/{companyId}/application-dashboard'>['totals'];

interface AppDayCardsProps {
  /** Undefined while loading. */
  totals: AppDayTotals | undefined;
  /** The zones the punch times are shown in. */
  zones: { punchIn: string; punchOut: string } | undefined;
}

const noTime = 'No time tracked on this day';

/** The day's totals (management §2): time tracked, productive, idle and unproductive time, the break, and the punches. */
export function AppDayCards({ totals, zones }: AppDayCardsProps) {
  const share = (ms: number | undefined, color: string) => {
    if (totals === undefined || ms === undefined) return undefined;
    const percent = percentOf(ms, totals.trackedMs);
    return { percent, label: `${percent}%`, color };
  };
  const caption = (ms: number | undefined) => (totals?.trackedMs ? `${share(ms, '')?.percent}% of tracked time` : noTime);
  const clock = (at: string | null | undefined, zone: string | undefined) => (at === undefined ? undefined : at === null || !zone ? '—' : formatClock(at, zone));
  return (
    <>
      <StatCard title="Total Time Tracked" value={totals && formatHms(totals.trackedMs)} caption={totals?.trackedMs ? 'From the time log' : noTime} />
      <StatCard title="Productive" value={totals && formatHms(totals.productiveMs)} share={share(totals?.productiveMs, 'teal.6')} caption={caption(totals?.productiveMs)} />
      <StatCard title="Idle" value={totals && formatHms(totals.idleMs)} share={share(totals?.idleMs, 'orange.5')} caption={caption(totals?.idleMs)} />
      <StatCard
        title="Unproductive"
        value={totals && formatHms(totals.unproductiveMs)}
        share={share(totals?.unproductiveMs, 'red.6')}
        caption={caption(totals?.unproductiveMs)}
      />
      <StatCard title="Break" value={totals && formatHms(totals.breakMs)} caption="Between the day’s punches" />
      <StatCard title="Punch In" value={clock(totals?.punchIn, zones?.punchIn)} caption={totals?.punchIn ? zones?.punchIn : 'No punch in'} />
      <StatCard title="Punch Out" value={clock(totals?.punchOut, zones?.punchOut)} caption={totals?.punchOut ? zones?.punchOut : 'No punch out'} />
    </>
  );
}
