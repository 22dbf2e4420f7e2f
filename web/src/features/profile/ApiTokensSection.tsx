import { Badge, Button, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../lib/errorMessage';
import { notify } from '../../lib/notify';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import type { ApiToken } from './ApiTokensApi';
import { apiTokensApi, apiTokensQueryOptions } from './ApiTokensApi';
import { ApiTokensCreateForm } from './ApiTokensCreateForm';
import { LoadFailedAlert } from '../../shared/ui/LoadFailedAlert';

const formatDate = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Profile: the personal API tokens the desktop agent signs in with. */
export function ApiTokensSection() {
  const queryClient = useQueryClient();
  const tokens = useQuery(apiTokensQueryOptions);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  const revoke = useMutation({
    mutationFn: (token: ApiToken) => apiTokensApi.revoke(token.tokenId),
    onSuccess: ({ message }) => {
      notify.success(message);
      setRevoking(null);
      void queryClient.invalidateQueries({ queryKey: apiTokensQueryOptions.queryKey });
    },
    onError: (error) => notify.error(errorMessage(error)),
  });

  return (
    <Paper withBorder radius="md" p="xl">
      <Stack gap="md">
        <div>
          <Title order={3}>API tokens</Title>
          <Text size="sm" c="dimmed">
            The desktop app signs in with a token. Create one per computer and revoke it when the computer is gone.
          </Text>
        </div>
        <ApiTokensCreateForm />
        {tokens.isPending ? (
          <Loader size="sm" />
        ) : tokens.isError ? (
          <LoadFailedAlert error={tokens.error} />
        ) : tokens.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            No tokens yet.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={480}>
            <Table verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Created</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {tokens.data.map((token) => (
                  <Table.Tr key={token.tokenId}>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{token.name}</Table.Td>
                    <Table.Td>{formatDate(token.createdAt)}</Table.Td>
                    <Table.Td>
                      {token.revokedAt ? (
                        <Badge color="gray" variant="light" title={`Revoked ${formatDate(token.revokedAt)}`}>
                          Revoked {new Date(token.revokedAt).toLocaleDateString()}
                        </Badge>
                      ) : (
                        <Badge color="teal" variant="light">
                          Active
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td ta="right">
                      {!token.revokedAt && (
                        <Button size="xs" color="red" variant="subtle" onClick={() => setRevoking(token)}>
                          Revoke
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      <ConfirmDialog
        opened={revoking !== null}
        title="Revoke token"
        message={`Revoke “${revoking?.name ?? ''}”? The desktop app using it is signed out and cannot track time until it gets a new token.`}
        confirmLabel="Revoke"
        loading={revoke.isPending}
        onConfirm={() => revoking && revoke.mutate(revoking)}
        onClose={() => setRevoking(null)}
      />
    </Paper>
  );
}
