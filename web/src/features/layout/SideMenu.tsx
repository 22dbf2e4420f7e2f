import { NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { Link, useRouterState } from '@tanstack/react-router';
import { useProfile } from '../auth/useProfile';
import { CompanyPrompt } from './CompanyPrompt';
import { menuSections } from './menuSections';
import { visibleMenuSections } from './visibleMenuSections';

interface SideMenuProps {
  onNavigate: () => void;
}

export function SideMenu({ onNavigate }: SideMenuProps) {
  const profile = useProfile();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const company = profile.activeCompany;
  const sections = visibleMenuSections(menuSections, company);

  return (
    <ScrollArea type="scroll" h="100%">
      <Stack gap="lg" p="md">
        {sections.map((section) => (
          <Stack key={section.header} gap={4} component="nav" aria-label={section.header}>
            <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm">
              {section.header}
            </Text>
            {section.items.map((item) => (
              <NavLink
                key={item.title}
                label={item.title}
                active={pathname === item.to}
                variant="light"
                onClick={onNavigate}
                renderRoot={(props) => (
                  <Link to={item.to} search={company && item.search ? item.search(company.companyId) : {}} {...props} />
                )}
              />
            ))}
          </Stack>
        ))}
        {!company && <CompanyPrompt hasCompanies={profile.companyList.length > 0} />}
      </Stack>
    </ScrollArea>
  );
}
