import { Group, Select, Stack } from '@mantine/core';
import { useState } from 'react';
import { seesOthers } from '../../../../domain/members/read-rights.ts';
import { useProfile } from '../../shared/identity/useProfile';
import type { CompanySummary } from '../../shared/company/CompanySummary';
import { useActiveCompany } from '../../shared/company/useActiveCompany';
import { usePeopleOptions } from '../../shared/dashboards/usePeopleOptions';
import { EmptyPage } from '../../shared/ui/EmptyPage';
import { PageTitle } from '../../shared/ui/PageTitle';
import { ActivityTable } from './ActivityTable';
import { ACTIVITY_KIND_LABELS, type ActivityKind } from './ActivityFilter';

const TITLE = 'Activity Log';

const KIND_OPTIONS = Object.entries(ACTIVITY_KIND_LABELS).map(([value, label]) => ({ value, label }));

/** /v2/activity-log (management §2): the company's activity as the log tells it, newest first; Members and Clients see their own. */
export function ActivityLogPage() {
  const company = useActiveCompany();
  if (!company) return <EmptyPage title={TITLE} />;
  return <ActivityLogOfCompany company={company} />;
}

function ActivityLogOfCompany({ company }: { company: CompanySummary }) {
  const [userId, setUserId] = useState<string | null>(null);
  const [kind, setKind] = useState<ActivityKind | null>(null);

  return (
    <Stack gap="lg">
      <PageTitle>{TITLE}</PageTitle>
      <Group align="flex-end" gap="sm">
        {seesOthers(company.role, 'people') && <PersonFilter companyId={company.companyId} userId={userId} onPick={setUserId} />}
        <Select
          label="Kind"
          placeholder="All kinds"
          data={KIND_OPTIONS}
          value={kind}
          onChange={(value) => setKind(value as ActivityKind | null)}
          clearable
          w={{ base: '100%', xs: 200 }}
        />
      </Group>
      <ActivityTable companyId={company.companyId} filter={{ userId, kind }} />
    </Stack>
  );
}

interface PersonFilterProps {
  companyId: string;
  userId: string | null;
  onPick: (userId: string | null) => void;
}

/** Whose activity to show, among the people the viewer may see (the dashboards' picker); cleared, everyone's. */
function PersonFilter({ companyId, userId, onPick }: PersonFilterProps) {
  const selfId = useProfile().id;
  const { people, options: data } = usePeopleOptions(companyId, selfId);
  return (
    <Select
      label="Person"
      placeholder={people.isPending ? 'Loading people…' : 'Everyone'}
      data={data}
      value={userId}
      onChange={onPick}
      searchable
      clearable
      nothingFoundMessage="No one found"
      error={people.isError ? 'The people could not be loaded.' : undefined}
      disabled={people.isPending}
      w={{ base: '100%', xs: 260 }}
    />
  );
}
