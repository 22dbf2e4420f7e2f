import { Alert, Button, Center, Stack } from '@mantine/core';
import { Navigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { errorMessage } from '../../lib/errorMessage';
import { PageLoader } from '../layout/PageLoader';
import { ProfileContext } from './ProfileContext';
import { useMe } from './useMe';

interface SessionGuardProps {
  /** 'signed-in': pages behind the session; 'signed-out': sign-in screens a signed-in user skips. */
  access: 'signed-in' | 'signed-out';
  children: ReactNode;
}

/** The one place that decides where a visitor may go, based on the ['me'] query (spec core §2). */
export function SessionGuard({ access, children }: SessionGuardProps) {
  const me = useMe();

  if (me.isPending) return <PageLoader />;

  if (access === 'signed-out') {
    // When the session cannot be checked, the sign-in screens still work.
    return me.data ? <Navigate to="/dashboard-team" replace /> : <>{children}</>;
  }

  if (me.isError) {
    return (
      <Center mih="100vh" p="md" bg="gray.1">
        <Stack align="center" maw={420}>
          <Alert color="red" variant="light" title="Could not load your session">
            {errorMessage(me.error)}
          </Alert>
          <Button onClick={() => void me.refetch()} loading={me.isFetching}>
            Retry
          </Button>
        </Stack>
      </Center>
    );
  }
  return me.data ? <ProfileContext value={me.data}>{children}</ProfileContext> : <Navigate to="/auth/login" replace />;
}
