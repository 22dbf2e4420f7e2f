import {
  Button,
  EmptyState,
  Grid,
  Group,
  LoadingOverlay,
  MultiSelect,
  Pagination,
  Paper,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useActiveCompany } from '../../shared/company/useActiveCompany';
import { EmptyPage } from '../../shared/ui/EmptyPage';
import { projectsQueryOptions } from '../../shared/projects/projectsQueryOptions';
import { isCompanyGone } from '../../shared/commands/isCompanyGone';
import { useLeaveLostCompany } from '../../shared/commands/useLeaveLostCompany';
import { assigneesQueryOptions } from './assigneesQueryOptions';
import { TaskLink, TaskStateCells } from '../../shared/tasks/TaskCells';
import type { TaskFilter, TaskSort } from './TaskRow';
import { priorityOptions, statusOptions } from './taskOptions';
import { TaskSortHeader } from './TaskSortHeader';
import { TASK_PAGE_SIZE } from './tasksApi';
import { tasksTableQueryOptions } from './tasksTableQueryOptions';
import { LoadFailedAlert } from '../../shared/ui/LoadFailedAlert';
import { PageTitle } from '../../shared/ui/PageTitle';

/** Management §9. */
const SEARCH_DEBOUNCE_MS = 700;

/** /manage-tasks: filters, search and a sortable table of the company's tasks, 50 a page (management §2). */
export function ManageTasksPage() {
  const company = useActiveCompany();
  if (!company) return <EmptyPage title="Tasks" noCompanyText="Please create a company first to create a project!" />;
  return <TasksOfCompany key={company.companyId} companyId={company.companyId} />;
}

function TasksOfCompany({ companyId }: { companyId: string }) {
  const projects = useQuery(projectsQueryOptions(companyId));
  const assignees = useQuery(assigneesQueryOptions(companyId));
  // null until the user picks: then every project is selected (management §2).
  const [pickedProjects, setPickedProjects] = useState<string[] | null>(null);
  const [assigneeId, setAssigneeId] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [priority, setPriority] = useState<string | null>(null);
  const [searchText, setSearchText] = useState('');
  const [search] = useDebouncedValue(searchText, SEARCH_DEBOUNCE_MS);
  const [sorting, setSorting] = useState<{ sort: TaskSort; order: 'asc' | 'desc' }>({ sort: 'taskId', order: 'asc' });
  const leaveLostCompany = useLeaveLostCompany();

  const liveProjectIds = (projects.data ?? []).map((p) => p.projectId);
  // A deleted project drops out of the selection.
  const projectIds = pickedProjects === null ? liveProjectIds : pickedProjects.filter((id) => liveProjectIds.includes(id));

  // A page belongs to one set of filters and one order: any change starts again at page 1.
  const filterKey = JSON.stringify([projectIds, assigneeId, status, priority, search.trim(), sorting]);
  const [paging, setPaging] = useState({ filterKey, page: 1 });
  const page = paging.filterKey === filterKey ? paging.page : 1;
  const filter: TaskFilter = { projectIds, assigneeId, status, priority, search: search.trim(), ...sorting, page };
  const tasks = useQuery(tasksTableQueryOptions(companyId, filter));

  const error = projects.error ?? assignees.error ?? tasks.error;
  useEffect(() => {
    if (isCompanyGone(error)) leaveLostCompany();
  }, [error, leaveLostCompany]);

  const total = tasks.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / TASK_PAGE_SIZE));
  // Deleting the last task of the last page leaves that page empty: step back to the new last one.
  useEffect(() => {
    if (tasks.data && !tasks.isPlaceholderData && page > pageCount) setPaging({ filterKey, page: pageCount });
  }, [tasks.data, tasks.isPlaceholderData, page, pageCount, filterKey]);

  const onSort = (column: TaskSort) =>
    setSorting((current) => ({ sort: column, order: current.sort === column && current.order === 'asc' ? 'desc' : 'asc' }));
  const refresh = () => {
    void projects.refetch();
    void assignees.refetch();
    if (projectIds.length > 0) void tasks.refetch();
  };
  const filtered = Boolean(assigneeId || status || priority || search.trim());

  const header = (
    <Group justify="space-between">
      <PageTitle>Tasks</PageTitle>
      <Group gap="sm">
        <Button variant="default" onClick={refresh} loading={tasks.isFetching || projects.isFetching}>
          Refresh
        </Button>
        <Button renderRoot={(props) => <Link to="/add-task" {...props} />}>Add Task</Button>
      </Group>
    </Group>
  );

  if (error && !isCompanyGone(error)) {
    return (
      <Stack gap="lg">
        {header}
        <LoadFailedAlert error={error} />
      </Stack>
    );
  }

  if (projects.isSuccess && projects.data.length === 0) {
    return (
      <Stack gap="lg">
        {header}
        <EmptyState title="No projects found. Please create some projects first." py="xl">
          <EmptyState.Actions>
            <Button variant="light" renderRoot={(props) => <Link to="/project" {...props} />}>
              Go to Projects
            </Button>
          </EmptyState.Actions>
        </EmptyState>
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      {header}
      <Paper withBorder radius="md" p="md">
        <Grid columns={24} align="flex-start" gap="sm">
          <Grid.Col span={{ base: 24, md: 8 }}>
            <MultiSelect
              label="Projects"
              placeholder={projectIds.length === 0 ? 'Select projects' : undefined}
              data={(projects.data ?? []).map((p) => ({ value: p.projectId, label: p.name }))}
              value={projectIds}
              onChange={setPickedProjects}
              disabled={projects.isPending}
              searchable
              clearable
              nothingFoundMessage="No projects found"
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Select
              label="Assignee"
              placeholder="Anyone"
              data={(assignees.data ?? []).map((a) => ({ value: a.userId, label: a.name || a.email }))}
              value={assigneeId}
              onChange={setAssigneeId}
              searchable
              clearable
              nothingFoundMessage="No one found"
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Select label="Status" placeholder="Any status" data={statusOptions} value={status} onChange={setStatus} clearable />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 3 }}>
            <Select label="Priority" placeholder="Any" data={priorityOptions} value={priority} onChange={setPriority} clearable />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <TextInput
              label="Search"
              placeholder="Task ID or title"
              value={searchText}
              onChange={(event) => setSearchText(event.currentTarget.value)}
            />
          </Grid.Col>
        </Grid>
      </Paper>

      {projects.isPending ? (
        <TableSkeleton />
      ) : projectIds.length === 0 ? (
        <EmptyState title="Please select a project to view tasks." py="xl" />
      ) : !tasks.data ? (
        <TableSkeleton />
      ) : tasks.data.tasks.length === 0 ? (
        <EmptyState title="No tasks found." description={filtered ? 'Try other filters.' : undefined} py="xl" />
      ) : (
        <Paper withBorder radius="md">
          <Table.ScrollContainer minWidth={900} pos="relative">
            <LoadingOverlay visible={tasks.isPlaceholderData} overlayProps={{ blur: 1 }} />
            <Table verticalSpacing="sm" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <TaskSortHeader column="taskId" {...sorting} onSort={onSort} w={110}>
                    Task ID
                  </TaskSortHeader>
                  <TaskSortHeader column="title" {...sorting} onSort={onSort}>
                    Title
                  </TaskSortHeader>
                  {/* The API has no project order. */}
                  <Table.Th w={180}>Project</Table.Th>
                  <TaskSortHeader column="status" {...sorting} onSort={onSort} w={140}>
                    Status
                  </TaskSortHeader>
                  <TaskSortHeader column="priority" {...sorting} onSort={onSort} w={100}>
                    Priority
                  </TaskSortHeader>
                  <TaskSortHeader column="eta" {...sorting} onSort={onSort} w={130}>
                    ETA
                  </TaskSortHeader>
                  <TaskSortHeader column="assignee" {...sorting} onSort={onSort} w={180}>
                    Assignee
                  </TaskSortHeader>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {tasks.data.tasks.map((task) => (
                  <Table.Tr key={task.taskId}>
                    <Table.Td>
                      <TaskLink projectName={task.projectName} taskId={task.taskId}>
                        {task.taskId}
                      </TaskLink>
                    </Table.Td>
                    <Table.Td>
                      <TaskLink projectName={task.projectName} taskId={task.taskId} plain>
                        {task.title}
                      </TaskLink>
                    </Table.Td>
                    <Table.Td>{task.projectName}</Table.Td>
                    <TaskStateCells task={task} />
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Group justify="space-between" p="sm">
            <Text size="sm" c="dimmed">
              {`${(page - 1) * TASK_PAGE_SIZE + 1}–${Math.min(page * TASK_PAGE_SIZE, total)} of ${total}`}
            </Text>
            {pageCount > 1 && <Pagination total={pageCount} value={page} onChange={(next) => setPaging({ filterKey, page: next })} />}
          </Group>
        </Paper>
      )}
    </Stack>
  );
}

function TableSkeleton() {
  return (
    <Stack gap="xs" aria-label="Loading tasks">
      {[0, 1, 2, 3, 4].map((row) => (
        <Skeleton key={row} h={44} />
      ))}
    </Stack>
  );
}
