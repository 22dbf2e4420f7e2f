import { Badge, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { Link, useRouterState } from '@tanstack/react-router';
import { useProfile } from '../shared/identity/useProfile';
import { useActiveCompany } from '../shared/company/useActiveCompany';
import { useCheckoutMode } from '../shared/subscription/useCheckoutMode';
import { CompanyPrompt } from './CompanyPrompt';
import { menuSections } from './menuSections';
import { visibleMenuSections } from './visibleMenuSections';

interface SideMenuProps {
  onNavigate: () => void;
}

export function SideMenu({ onNavigate }: SideMenuProps) {
  const profile = useProfile();
  const company = useActiveCompany();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const sections = visibleMenuSections(menuSections, company?.role ?? null, { billingOff: useCheckoutMode() === 'off' });

  return (
    <ScrollArea type="scroll" h="100%">
      <Stack gap="lg" p="md">
        {sections.map((section) => (
          <Stack key={section.header} gap={4} component="nav" aria-label={section.header}>
            <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm">
              {section.header}
            </Text>
            {section.items.map((item) => {
              const count = item.count?.(profile) ?? 0;
              return (
                <NavLink
                  key={item.title}
                  label={item.title}
                  active={pathname === item.to}
                  variant="light"
                  onClick={onNavigate}
                  rightSection={
                    count > 0 ? (
                      <Badge size="sm" color="red" circle={count < 10} aria-label={`${count} pending`}>
                        {count}
                      </Badge>
                    ) : undefined
                  }
                  renderRoot={(props) => (
                    <Link to={item.to} search={company && item.search ? item.search(company.companyId) : {}} {...props} />
                  )}
                />
              );
            })}
          </Stack>
        ))}
        {!company && <CompanyPrompt hasCompanies={profile.companyList.length > 0} />}
      </Stack>
    </ScrollArea>
  );
}
