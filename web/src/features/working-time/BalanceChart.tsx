import { BarChart } from '@mantine/charts';
import { formatBalance, type PersonWorkingTime } from '../../shared/working-time/workingTimeApi';

const monthLabel = (day: string) => new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', timeZone: 'UTC' });

/** The balance at the close of each month of the year so far, in hours: overtime up, shortfall down. */
export function BalanceChart({ months }: { months: PersonWorkingTime['months'] }) {
  const data = months.map((month) => ({ month: monthLabel(month.from), balance: month.closingMinutes / 60 }));
  return (
    <BarChart
      h={220}
      data={data}
      dataKey="month"
      series={[{ name: 'balance', label: 'Balance', color: 'teal.7' }]}
      valueFormatter={(hours) => formatBalance(Math.round(hours * 60))}
      getBarColor={(hours) => (hours < 0 ? 'red.7' : 'teal.7')}
      yAxisProps={{ width: 64, tickFormatter: (hours: number) => `${hours} h`, domain: [(low: number) => Math.min(0, low), (high: number) => Math.max(0, high)] }}
      role="img"
      aria-label="Balance at the end of each month of the year"
    />
  );
}
