import { ActionIcon, Avatar, Button, Group, Paper, Stack, Text, Title, Tooltip, Typography } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { taskMessages } from '../../../../domain/tasks/task.ts';
import { errorMessage } from '../../lib/errorMessage';
import { notify } from '../../lib/notify';
import { useNow } from '../../lib/useNow';
import { initials } from '../../shared/ui/initials';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { relativeTime } from './relativeTime';
import { plainText } from './richText';
import { RichTextField } from './RichTextField';
import type { Task, TaskComment } from './Task';
import { tasksApi } from './tasksApi';
import { useRichTextEditor } from './useRichTextEditor';
import { CANVAS } from '../../theme';

interface TaskCommentsProps {
  companyId: string;
  task: Task;
  /** Admins, Heads, Managers and the task's assignee comment; Clients read. */
  canComment: boolean;
  /** Admins, Heads and Managers delete comments. */
  canDelete: boolean;
}

/** A task's comments, oldest first, with the editor to add one and a confirmed delete. */
export function TaskComments({ companyId, task, canComment, canDelete }: TaskCommentsProps) {
  const queryClient = useQueryClient();
  const now = useNow(60_000);
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<TaskComment | null>(null);
  const editor = useRichTextEditor({ ariaLabel: 'New comment', content: '', onChange: () => setError(null) });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['company', companyId, 'task', task.taskId] });

  const addComment = useMutation({
    mutationFn: (html: string) => tasksApi.addComment(companyId, task.taskId, html),
    onSuccess: async ({ message }) => {
      notify.success(message);
      editor?.commands.clearContent(true);
      setError(null);
      await refresh();
    },
    onError: (failure) => notify.error(errorMessage(failure)),
  });
  const deleteComment = useMutation({
    mutationFn: (comment: TaskComment) => tasksApi.removeComment(companyId, task.taskId, comment.commentId),
    onSuccess: async ({ message }) => {
      notify.success(message);
      await refresh();
      setDeleting(null);
    },
    onError: (failure) => notify.error(errorMessage(failure)),
  });

  const submit = () => {
    const html = editor?.getHTML() ?? '';
    if (!plainText(html)) {
      setError(taskMessages.commentEmpty);
      return;
    }
    addComment.mutate(html);
  };

  return (
    <Paper withBorder radius="md" p="lg">
      <Stack>
        <Title order={4}>Comments{task.comments.length > 0 ? ` (${task.comments.length})` : ''}</Title>
        {task.comments.length === 0 ? (
          <Text c="dimmed" size="sm">
            No comments yet.
          </Text>
        ) : (
          <Stack gap="sm">
            {task.comments.map((comment) => (
              <Paper key={comment.commentId} withBorder radius="md" p="sm" bg={CANVAS}>
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Group gap="sm" wrap="nowrap">
                    <Avatar size="sm" radius="xl" color="teal">
                      {initials(comment.userName)}
                    </Avatar>
                    <Text size="sm" fw={600}>
                      {comment.userName}
                    </Text>
                    <Tooltip label={new Date(comment.createdAt).toLocaleString()}>
                      <Text size="xs" c="dimmed">
                        {relativeTime(comment.createdAt, now)}
                      </Text>
                    </Tooltip>
                  </Group>
                  {canDelete && (
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      size="sm"
                      aria-label={`Delete comment by ${comment.userName}`}
                      onClick={() => setDeleting(comment)}
                    >
                      ✕
                    </ActionIcon>
                  )}
                </Group>
                {/*
                  Safe to render as HTML: the server sanitises every comment by an allow-list
                  when it is written (api/projects/sanitize.ts: formatting, lists, links, and
                  images only from the company's own file route; no scripts, handlers or styles).
                */}
                <Typography mt="xs" pl={34} fz="sm" dangerouslySetInnerHTML={{ __html: comment.html }} />
              </Paper>
            ))}
          </Stack>
        )}

        {canComment && (
          <Stack gap="xs">
            <RichTextField editor={editor} error={error} minHeight={90} />
            <Group justify="flex-end">
              <Button onClick={submit} loading={addComment.isPending}>
                Add Comment
              </Button>
            </Group>
          </Stack>
        )}
      </Stack>

      <ConfirmDialog
        opened={deleting !== null}
        title="Delete Comment"
        message="Are you sure you want to delete this comment?"
        confirmLabel="Delete"
        loading={deleteComment.isPending}
        onConfirm={() => deleting && deleteComment.mutate(deleting)}
        onClose={() => setDeleting(null)}
      />
    </Paper>
  );
}
