import { Center, Paper, Stack, Text, Title } from '@mantine/core';
import { Navigate, useRouterState } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useActiveCompany } from '../company/useActiveCompany';
import { accessRuleFor } from './accessRuleFor';

/**
 * Route access by the role in the active company (routeAccess). Without an
 * active company pages show their own prompt to create or select one.
 */
export function RouteAccessGuard({ children }: { children: ReactNode }) {
  const company = useActiveCompany();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const rule = accessRuleFor(pathname);

  if (!company || !rule || rule.roles.includes(company.role)) return <>{children}</>;
  if (rule.otherwise) return <Navigate to={rule.otherwise} replace />;
  return (
    <Paper withBorder radius="md" p="xl">
      <Center mih={220}>
        <Stack align="center" gap="xs" maw={420}>
          <Title order={3}>You do not have access to this page</Title>
          <Text c="dimmed" ta="center">
            Your role in {company.companyName} ({company.role}) does not include this page. Ask an admin of the company
            if you need it.
          </Text>
        </Stack>
      </Center>
    </Paper>
  );
}
