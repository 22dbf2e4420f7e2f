import { Checkbox, Paper, Progress, Select, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { SCREENSHOT_RETENTION_CHOICES, type ScreenshotRetention } from '../../../../domain/settings/company-settings.ts';
import { useCompanyCommand } from '../../shared/commands/useCompanyCommand';
import { formatStorage } from './formatStorage';
import { settingsApi } from './settingsApi';
import { screenshotStorageQueryOptions } from './settingsQueryOptions';

interface ScreenshotsCardProps {
  companyId: string;
  enabled: boolean;
  /** Days screenshots are kept; null: until deleted. */
  retentionDays: number | null;
  /** Admins choose how long screenshots are kept, and see the storage they take. */
  canManageStorage: boolean;
}

const KEEP = 'keep';
const retentionLabel = (days: ScreenshotRetention) => (days === null ? 'Until deleted' : days === 365 ? '1 year' : `${days} days`);
const RETENTION_OPTIONS = SCREENSHOT_RETENTION_CHOICES.map((days) => ({ value: days === null ? KEEP : String(days), label: retentionLabel(days) }));

/** The screenshots switch, how long they are kept, and for Admins the storage they take. */
export function ScreenshotsCard({ companyId, enabled, retentionDays, canManageStorage }: ScreenshotsCardProps) {
  const save = useCompanyCommand(companyId, (value: boolean) => settingsApi.setScreenshots(companyId, value));
  const keep = useCompanyCommand(companyId, (days: number | null) => settingsApi.setScreenshotRetention(companyId, days));
  const storage = useQuery({ ...screenshotStorageQueryOptions(companyId), enabled: canManageStorage });
  // While a change is saved, the form shows what was asked.
  const checked = save.isPending ? save.variables : enabled;
  const kept = keep.isPending ? keep.variables : retentionDays;

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
        {canManageStorage ? (
          <Select
            label="Keep screenshots"
            description="Older ones are removed; the gallery notes that they were."
            data={RETENTION_OPTIONS}
            value={kept === null ? KEEP : String(kept)}
            allowDeselect={false}
            disabled={keep.isPending}
            onChange={(value) => value && keep.mutate(value === KEEP ? null : Number(value))}
            maw={260}
          />
        ) : (
          <Text size="sm">Screenshots are kept {retentionDays === null ? 'until deleted' : `for ${retentionLabel(retentionDays as ScreenshotRetention)}`}.</Text>
        )}
        {canManageStorage && storage.data && <StorageUse usedBytes={storage.data.usedBytes} limitBytes={storage.data.limitBytes} />}
      </Stack>
    </Paper>
  );
}

function StorageUse({ usedBytes, limitBytes }: { usedBytes: number; limitBytes: number }) {
  const share = limitBytes > 0 ? Math.min(100, (usedBytes / limitBytes) * 100) : 100;
  const text = `Screenshots use ${formatStorage(usedBytes)} of ${formatStorage(limitBytes)}`;
  return (
    <Stack gap={6}>
      <Text size="sm">{text}</Text>
      <Progress value={share} color={share >= 90 ? 'red' : 'blue'} aria-label={text} />
      {share >= 100 && (
        <Text size="sm" c="red">
          The storage is full: new screenshots are refused until older ones are removed. A shorter period removes them.
        </Text>
      )}
    </Stack>
  );
}
