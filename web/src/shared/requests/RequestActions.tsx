import { Button, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { RequestStatus } from './requestsApi';

interface OwnRequestActionsProps {
  status: RequestStatus;
  /** The request in words, for the buttons' accessible names, e.g. 'the request for Mon, Mar 16, 2026'. */
  about: string;
  /** Opens the page's dialog for this request. */
  onOpen: (dialog: 'edit' | 'delete' | 'history') => void;
}

/** A requester's own request: Edit and Delete while it is pending (management §4), an answered one is 'Completed'; its History always. */
export function OwnRequestActions({ status, about, onOpen }: OwnRequestActionsProps) {
  return (
    <>
      {status === 'Pending' ? (
        <>
          <Button size="compact-sm" variant="light" onClick={() => onOpen('edit')} aria-label={`Edit ${about}`}>
            Edit
          </Button>
          <Button size="compact-sm" variant="light" color="red" onClick={() => onOpen('delete')} aria-label={`Delete ${about}`}>
            Delete
          </Button>
        </>
      ) : (
        <Dimmed>Completed</Dimmed>
      )}
      <HistoryButton about={about} onClick={() => onOpen('history')} />
    </>
  );
}

interface ProcessingActionsProps {
  request: { status: RequestStatus; mayProcess: boolean; assignee: { name: string } };
  /** The request in words, for the buttons' accessible names, e.g. 'Ana’s request for Mon, Mar 16, 2026'. */
  about: string;
  onHistory: () => void;
  /** The answers for who may give them. */
  children: ReactNode;
}

/** A request to process: its answers for who may answer, 'Completed' once answered, whom it waits for when sent to someone else; its History always. */
export function ProcessingActions({ request, about, onHistory, children }: ProcessingActionsProps) {
  return (
    <>
      {request.status !== 'Pending' ? <Dimmed>Completed</Dimmed> : request.mayProcess ? children : <Dimmed>Awaiting {request.assignee.name}</Dimmed>}
      <HistoryButton about={about} onClick={onHistory} />
    </>
  );
}

function HistoryButton({ about, onClick }: { about: string; onClick: () => void }) {
  return (
    <Button size="compact-sm" variant="subtle" onClick={onClick} aria-label={`History of ${about}`}>
      History
    </Button>
  );
}

function Dimmed({ children }: { children: ReactNode }) {
  return (
    <Text size="sm" c="dimmed">
      {children}
    </Text>
  );
}
