import { Button, Group, NativeSelect, ScrollArea, Stack, Tooltip } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useRouterState, useSearch } from '@tanstack/react-router';
import { type DayRange, presetRange, RANGE_COVERS, RANGE_LABELS, RANGE_PRESETS, type RangePreset } from '../../../../domain/dashboards/range.ts';
import { formatRange } from '../../shared/format/formatRange';
import { useProfile } from '../../shared/identity/useProfile';
import type { CompanySummary } from '../../shared/company/CompanySummary';
import { useActiveCompany } from '../../shared/company/useActiveCompany';
import { ExportDataButton } from '../../shared/exports/ExportDataButton';
import { isDashboardPath, isTeamDashboardPath } from './dashboardPaths';
import { dashboardQueries } from '../../shared/dashboards/dashboardQueries';
import { DateRangeInput } from '../../shared/dashboards/DateRangeInput';
import { rangeSearch } from '../../shared/dashboards/dashboardSearch';
import { TeamPicker } from '../../shared/dashboards/TeamPicker';
import { useDashboardTeam } from '../../shared/dashboards/useDashboardTeam';
import { useToday } from '../../shared/dashboards/useToday';
import { viewedRange } from '../../shared/dashboards/viewedRange';
import { usePhone } from '../../shared/ui/usePhone';

/** The height of one row of the bar: one on a wide screen, two on a phone. */
const BAR_ROW_HEIGHT = 48;
const CUSTOM_RANGE = 'custom';

/** The height the bar adds under the top bar's first row. */
export function useDashboardBarHeight(): number {
  return usePhone() ? 2 * BAR_ROW_HEIGHT : BAR_ROW_HEIGHT;
}

/** Whether the page shows the dashboards' bar: a dashboard of an active company. */
export function useShowsDashboardTopBar(): boolean {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  return useActiveCompany() !== null && isDashboardPath(pathname);
}

/**
 * The top bar's dashboard controls (core §2): the team picker on the team
 * dashboard, the range buttons and a custom date range. They only change the
 * URL (a link reproduces the view, the back button returns to the last one);
 * the page reads the view from there. Export Data exports the team or the
 * person shown, over the months of the range shown.
 */
export function DashboardTopBar() {
  const company = useActiveCompany();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const search = useSearch({ strict: false });
  const navigate = useNavigate();
  const today = useToday();
  const phone = usePhone();
  if (!company) return null;

  const viewed = viewedRange(rangeSearch(search), today);
  const show = (change: { range: RangePreset } | DayRange) =>
    void navigate({ to: '.', search: (previous) => ({ ...previous, range: undefined, from: undefined, to: undefined, ...change }) });

  const teamPicker = isTeamDashboardPath(pathname) && (
    <TeamOfDashboard company={company} wanted={search.team} onPick={(team) => void navigate({ to: '.', search: (previous) => ({ ...previous, team }) })} />
  );
  const dateRange = (fill: boolean) => <DateRangeInput size="xs" range={viewed.problem ? null : viewed.range} today={today} onPick={show} fill={fill} />;
  const exportButton = (
    <DashboardExport
      company={company}
      team={isTeamDashboardPath(pathname) ? { wanted: search.team } : null}
      user={search.user}
      months={viewed.problem ? { from: today.slice(0, 7), to: today.slice(0, 7) } : { from: viewed.range.from.slice(0, 7), to: viewed.range.to.slice(0, 7) }}
      latest={today.slice(0, 7)}
    />
  );
  const rowStyle = { borderTop: '1px solid var(--mantine-color-gray-2)' };

  if (phone) {
    // Two rows that fit 390 px: the range buttons become one select, nothing scrolls sideways.
    return (
      <Stack gap={0}>
        <Group h={BAR_ROW_HEIGHT} px="sm" gap="xs" wrap="nowrap" style={rowStyle}>
          {teamPicker}
          <NativeSelect
            size="xs"
            aria-label="Range"
            value={viewed.preset === null ? CUSTOM_RANGE : String(viewed.preset)}
            onChange={(event) => {
              const preset = RANGE_PRESETS.find((candidate) => String(candidate) === event.currentTarget.value);
              if (preset !== undefined) show({ range: preset });
            }}
            data={[
              ...RANGE_PRESETS.map((preset) => ({ value: String(preset), label: RANGE_LABELS[preset] })),
              ...(viewed.preset === null ? [{ value: CUSTOM_RANGE, label: 'Custom Range', disabled: true }] : []),
            ]}
            style={{ flex: 1, minWidth: 0 }}
          />
        </Group>
        <Group h={BAR_ROW_HEIGHT} px="sm" gap="xs" wrap="nowrap">
          {dateRange(true)}
          {exportButton}
        </Group>
      </Stack>
    );
  }

  return (
    <ScrollArea type="scroll" scrollbarSize={4} h={BAR_ROW_HEIGHT}>
      <Group h={BAR_ROW_HEIGHT} px="md" gap="sm" wrap="nowrap" style={rowStyle}>
        {teamPicker}
        <Button.Group aria-label="Range">
          {RANGE_PRESETS.map((preset) => (
            // The spec's labels stay; the tooltip says which days each covers ('Last Week': the 7 days up to today).
            <Tooltip key={preset} label={`${RANGE_COVERS[preset]}: ${formatRange(presetRange(preset, today))}`} events={{ hover: true, focus: true, touch: false }}>
              <Button size="xs" variant={viewed.preset === preset ? 'filled' : 'default'} aria-pressed={viewed.preset === preset} onClick={() => show({ range: preset })}>
                {RANGE_LABELS[preset]}
              </Button>
            </Tooltip>
          ))}
        </Button.Group>
        {dateRange(false)}
        {exportButton}
      </Group>
    </ScrollArea>
  );
}

function TeamOfDashboard({ company, wanted, onPick }: { company: CompanySummary; wanted: string | undefined; onPick: (team: string | undefined) => void }) {
  const team = useDashboardTeam(company, wanted);
  return team.status === 'success' ? <TeamPicker team={team} onPick={onPick} size="xs" width={180} /> : null;
}

interface DashboardExportProps {
  company: CompanySummary;
  /** On the team dashboard, the team the URL asks for; null on the individual one. */
  team: { wanted: string | undefined } | null;
  /** The person of the individual dashboard, when not the viewer. */
  user: string | undefined;
  months: { from: string; to: string };
  latest: string;
}

function DashboardExport({ team, ...props }: DashboardExportProps) {
  return team ? <TeamExport wanted={team.wanted} {...props} /> : <PersonExport {...props} />;
}

/** The team dashboard's export: the team shown, or a choice among the viewer's when it shows all of them. */
function TeamExport({ company, wanted, months, latest }: Omit<DashboardExportProps, 'team' | 'user'> & { wanted: string | undefined }) {
  const team = useDashboardTeam(company, wanted);
  if (team.status !== 'success') return null;
  return <ExportDataButton size="xs" companyId={company.companyId} target={{ kind: 'team', teamId: team.teamId, teams: team.choices }} months={months} latest={latest} />;
}

/** The individual dashboard's export: the person shown. */
function PersonExport({ company, user, months, latest }: Omit<DashboardExportProps, 'team'>) {
  const profile = useProfile();
  const userId = user ?? profile.id;
  const people = useQuery({ ...dashboardQueries.people(company.companyId), enabled: userId !== profile.id });
  const name = userId === profile.id ? profile.name : people.data?.find((person) => person.userId === userId)?.name;
  if (name === undefined) return null;
  return <ExportDataButton size="xs" companyId={company.companyId} target={{ kind: 'person', userId, name }} months={months} latest={latest} />;
}
