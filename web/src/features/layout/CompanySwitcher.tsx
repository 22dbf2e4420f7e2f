import { Anchor, Button, Menu } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useProfile } from '../auth/useProfile';

/** Top-bar company picker (spec core §2). Switching itself arrives with company management. */
export function CompanySwitcher() {
  const { activeCompany, companyList } = useProfile();

  if (!activeCompany) {
    return (
      <Anchor size="sm" fw={500} renderRoot={(props) => <Link to="/add-company" {...props} />}>
        Add Company
      </Anchor>
    );
  }

  return (
    <Menu position="bottom-end" width={240}>
      <Menu.Target>
        <Button variant="default" size="sm">
          {activeCompany.companyName}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Companies</Menu.Label>
        {companyList.map((company) => (
          <Menu.Item key={company.companyId} disabled={company.companyId !== activeCompany.companyId}>
            {company.companyName}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item renderRoot={(props) => <Link to="/add-company" {...props} />}>Add Company</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
