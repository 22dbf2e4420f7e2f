import { Box, Button, Group, Text, Tooltip } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { mayRun } from '../../../../domain/members/authorization.ts';
import { useActiveTeamStore } from '../../shared/company/activeTeamStore';
import { useActiveCompany } from '../../shared/company/useActiveCompany';
import { useActiveTeam } from '../../shared/company/useActiveTeam';
import { formatElapsed } from './formatElapsed';
import { PunchButton } from './PunchButton';
import { TimerButton } from './TimerButton';
import { timerStatusQueryOptions } from './timerStatusQueryOptions';
import { useAbandonedSessionNotice } from './useAbandonedSessionNotice';
import { useHourlyTimerNotice } from './useHourlyTimerNotice';
import { useServerClock } from './useServerClock';
import { useTimerHeartbeat } from './useTimerHeartbeat';
import { useTimerStatusRefresh } from './useTimerStatusRefresh';
import { useTimerTick } from './useTimerTick';

/** The top bar's timer button and punch control; mount once, in the main layout. */
export function TimerBar() {
  useServerClock();
  const company = useActiveCompany();
  if (!company) return <UntrackableTimer />;
  // Clients follow their projects read-only: they neither track nor punch.
  if (!mayRun(company.role, 'PunchIn')) return null;
  // Keyed by company: the popup's picks belong to one company's projects.
  return <CompanyTimer key={company.companyId} companyId={company.companyId} />;
}

function CompanyTimer({ companyId }: { companyId: string }) {
  const { activeTeam, teams } = useActiveTeam();
  const openChooser = useActiveTeamStore((state) => state.openChooser);
  const teamId = activeTeam?.teamId ?? null;
  const { data: status } = useQuery(timerStatusQueryOptions(companyId));
  const session = status?.session ?? null;

  useTimerStatusRefresh(companyId, teamId);
  useTimerTick(session !== null);
  useTimerHeartbeat(companyId, session);
  useHourlyTimerNotice(session);
  useAbandonedSessionNotice(status?.abandoned ?? null);

  // A running session can still be stopped without a team; a new one needs the team.
  const canTrack = teamId !== null || session !== null;
  return (
    <Group gap="xs" wrap="nowrap">
      {canTrack ? (
        <TimerButton companyId={companyId} teamId={teamId} status={status} />
      ) : (
        <UntrackableTimer onChooseTeam={teams.length > 0 ? openChooser : undefined} />
      )}
      {/* On phones the punch control sits in the timer popup, when there is one. */}
      <Box visibleFrom={canTrack ? 'sm' : undefined}>
        <PunchButton companyId={companyId} status={status} />
      </Box>
    </Group>
  );
}

/**
 * Core §2 has no timer without a company and team: the button shows and says
 * why, disabled, or opening the 'Choose a Team' modal when there are teams to choose from.
 */
function UntrackableTimer({ onChooseTeam }: { onChooseTeam?: () => void }) {
  if (onChooseTeam) {
    return (
      <Tooltip label="Choose a team to track time">
        <Button variant="default" onClick={onChooseTeam} aria-haspopup="dialog">
          <Text span ff="monospace" fw={700} fz="sm">
            {formatElapsed(0)}
          </Text>
        </Button>
      </Tooltip>
    );
  }
  return (
    <Tooltip label="Choose a company and team to track time">
      <Button variant="default" data-disabled onClick={(event) => event.preventDefault()} aria-disabled>
        <Text span ff="monospace" fw={700} fz="sm">
          {formatElapsed(0)}
        </Text>
      </Button>
    </Tooltip>
  );
}
