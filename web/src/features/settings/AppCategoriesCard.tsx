import { Badge, Button, Group, Paper, Select, Skeleton, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { APP_CATEGORIES, type AppCategory, MAX_APPLICATION_LENGTH } from '../../../../domain/app-usage/choices.ts';
import { appUsageApi } from '../../shared/app-dashboard/appUsageApi';
import { appUsageQueries } from '../../shared/app-dashboard/appUsageQueries';
import { CATEGORY_LOOK } from '../../shared/app-dashboard/categoryColors';
import { LoadFailedAlert } from '../../shared/ui/LoadFailedAlert';
import { useCompanyCommand } from '../../shared/commands/useCompanyCommand';

interface AppCategoriesCardProps {
  companyId: string;
  /** Only Admins categorise applications; the others see the list. */
  canEdit: boolean;
}

const CATEGORY_OPTIONS = APP_CATEGORIES.map((category) => ({ value: category, label: CATEGORY_LOOK[category].label }));
const isCategory = (value: string | null): value is AppCategory => (APP_CATEGORIES as readonly (string | null)[]).includes(value);

/** How time in each application counts: the default list, the company's choices and the applications its people used. */
export function AppCategoriesCard({ companyId, canEdit }: AppCategoriesCardProps) {
  const list = useQuery(appUsageQueries.categories(companyId));
  const [filter, setFilter] = useState('');
  const save = useCompanyCommand(companyId, ({ application, category }: { application: string; category: AppCategory }) =>
    appUsageApi.setCategory(companyId, application, category),
  );
  const needle = filter.trim().toLowerCase();
  const shown = (list.data?.applications ?? []).filter((app) => app.application.toLowerCase().includes(needle));

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="app-categories-title">
      <Stack>
        <div>
          <Title order={2} size="h4" id="app-categories-title">
            Application Categories
          </Title>
          <Text size="sm" c="dimmed">
            Time in unproductive applications is taken off productive time on the dashboards; neutral ones count as productive.
          </Text>
        </div>
        {canEdit && <AddCategoryForm onSave={(application, category) => save.mutateAsync({ application, category })} saving={save.isPending} />}
        <TextInput label="Search applications" placeholder="Application name" value={filter} onChange={(event) => setFilter(event.currentTarget.value)} maw={320} />
        {list.isError ? (
          <LoadFailedAlert error={list.error} />
        ) : list.isPending ? (
          <Skeleton h={240} aria-label="Loading application categories" />
        ) : shown.length === 0 ? (
          <Text c="dimmed">{needle ? 'No application matches the search' : 'No applications yet'}</Text>
        ) : (
          <Table.ScrollContainer minWidth={420} mah={420} scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': 'Application categories' } }}>
            <Table verticalSpacing={6} stickyHeader>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Application</Table.Th>
                  <Table.Th>Category</Table.Th>
                  <Table.Th>Set by</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {shown.map((app) => {
                  const pending = save.isPending && save.variables?.application === app.application;
                  const category = pending ? save.variables!.category : app.category;
                  return (
                    <Table.Tr key={app.application}>
                      <Table.Td>
                        {app.application}
                        {app.seen && (
                          <Text span size="xs" c="dimmed" ml={6}>
                            (used)
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>
                        {canEdit ? (
                          <Select
                            aria-label={`Category of ${app.application}`}
                            size="xs"
                            w={150}
                            data={CATEGORY_OPTIONS}
                            value={category}
                            allowDeselect={false}
                            disabled={pending}
                            onChange={(value) => isCategory(value) && save.mutate({ application: app.application, category: value })}
                          />
                        ) : (
                          <Badge variant="light" color={CATEGORY_LOOK[category].color}>
                            {CATEGORY_LOOK[category].label}
                          </Badge>
                        )}
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" c={app.chosen ? undefined : 'dimmed'}>
                          {app.updatedBy ?? 'Default'}
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {!canEdit && (
          <Text size="sm" c="dimmed">
            Only administrators can change application categories.
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/** An Admin names an application the list does not show yet, and its category. */
function AddCategoryForm({ onSave, saving }: { onSave: (application: string, category: AppCategory) => Promise<unknown>; saving: boolean }) {
  const [application, setApplication] = useState('');
  const [category, setCategory] = useState<AppCategory>('unproductive');
  const name = application.trim();
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (name) void onSave(name, category).then(() => setApplication(''), () => undefined);
      }}
    >
      <Group align="flex-end" gap="sm">
        <TextInput
          label="Application"
          placeholder="e.g. Hacker News"
          value={application}
          onChange={(event) => setApplication(event.currentTarget.value)}
          maxLength={MAX_APPLICATION_LENGTH}
          w={{ base: '100%', xs: 220 }}
        />
        <Select label="Category" data={CATEGORY_OPTIONS} value={category} onChange={(value) => isCategory(value) && setCategory(value)} allowDeselect={false} w={160} />
        <Button type="submit" loading={saving} disabled={!name}>
          Save category
        </Button>
      </Group>
    </form>
  );
}
