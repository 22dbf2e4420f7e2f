import { Anchor, Box, Button, CheckIcon, Menu } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useProfile } from '../shared/identity/useProfile';
import { useActiveCompany } from '../shared/company/useActiveCompany';
import { useSwitchCompany } from '../shared/company/useSwitchCompany';

/** Top-bar company switcher (spec core §2): the user's companies, the active one checked, and Add Company. */
export function CompanySwitcher() {
  const { companyList } = useProfile();
  const activeCompany = useActiveCompany();
  const switchCompany = useSwitchCompany();

  if (!activeCompany) {
    return (
      <Anchor size="sm" fw={500} renderRoot={(props) => <Link to="/add-company" {...props} />}>
        Add Company
      </Anchor>
    );
  }

  return (
    <Menu position="bottom-end" width={260}>
      <Menu.Target>
        <Button variant="default" size="sm" maw={240} aria-label={`Company: ${activeCompany.companyName}`}>
          {activeCompany.companyName}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Companies</Menu.Label>
        {companyList.map((company) => {
          const active = company.companyId === activeCompany.companyId;
          return (
            <Menu.Item
              key={company.companyId}
              leftSection={active ? <CheckIcon size={12} /> : <Box w={12} />}
              fw={active ? 600 : undefined}
              aria-current={active ? 'true' : undefined}
              onClick={() => switchCompany(company)}
            >
              {company.companyName}
            </Menu.Item>
          );
        })}
        <Menu.Divider />
        <Menu.Item renderRoot={(props) => <Link to="/add-company" {...props} />}>Add Company</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
