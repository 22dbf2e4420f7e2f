import { Button, Group, Stack, Textarea } from '@mantine/core';
import { type ReactNode, useState } from 'react';

interface ProcessRequestFormProps {
  /** The request being answered, above the comment. */
  children: ReactNode;
  placeholder: string;
  maxCommentLength: number;
  /** An answer is on its way: Cancel waits for it. */
  busy: boolean;
  onCancel: () => void;
  /** The answer buttons after Cancel, sending the comment as typed. */
  answers: (comment: string) => ReactNode;
}

/** A Process dialog's body: the request, a comment for the requester and the history, Cancel and the answers. */
export function ProcessRequestForm({ children, placeholder, maxCommentLength, busy, onCancel, answers }: ProcessRequestFormProps) {
  const [comment, setComment] = useState('');
  return (
    <Stack>
      {children}
      <Textarea
        label="Comment"
        placeholder={placeholder}
        autosize
        minRows={2}
        maxRows={6}
        maxLength={maxCommentLength}
        data-autofocus
        value={comment}
        onChange={(event) => setComment(event.currentTarget.value)}
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        {answers(comment.trim())}
      </Group>
    </Stack>
  );
}
