import { Checkbox, Paper, Stack, Title } from '@mantine/core';
import { useCompanyCommand } from '../teams/useCompanyCommand';
import { settingsApi } from './settingsApi';

interface ScreenshotsCardProps {
  companyId: string;
  enabled: boolean;
}

/** The screenshots switch: stored now, read by the desktop agent. */
export function ScreenshotsCard({ companyId, enabled }: ScreenshotsCardProps) {
  const save = useCompanyCommand(companyId, (value: boolean) => settingsApi.setScreenshots(companyId, value));
  // While the change is saved, the box shows what was asked.
  const checked = save.isPending ? save.variables : enabled;

  return (
    <Paper withBorder radius="md" p="lg">
      <Stack>
        <Title order={2} size="h4">
          Screenshots
        </Title>
        <Checkbox
          label="Enable screenshots"
          description="The desktop agent takes screenshots while the timer runs only when this is on."
          checked={checked}
          disabled={save.isPending}
          onChange={(event) => save.mutate(event.currentTarget.checked)}
        />
      </Stack>
    </Paper>
  );
}
