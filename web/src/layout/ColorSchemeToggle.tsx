import { ActionIcon, type MantineColorScheme, Menu, useMantineColorScheme } from '@mantine/core';

const choices: { scheme: MantineColorScheme; label: string }[] = [
  { scheme: 'light', label: 'Light' },
  { scheme: 'dark', label: 'Dark' },
  { scheme: 'auto', label: 'System' },
];

/** Light, dark or the system's colours, kept in this browser (theme.ts's colour scheme manager). */
export function ColorSchemeToggle() {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  return (
    <Menu position="bottom-end" width={160}>
      <Menu.Target>
        <ActionIcon variant="default" size="lg" aria-label="Colour scheme">
          <svg width={18} height={18} viewBox="0 0 24 24" aria-hidden>
            <circle cx={12} cy={12} r={9} fill="none" stroke="currentColor" strokeWidth={2} />
            <path d="M12 3a9 9 0 0 0 0 18z" fill="currentColor" />
          </svg>
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Colour scheme</Menu.Label>
        <Menu.RadioGroup value={colorScheme} onChange={(scheme) => setColorScheme(scheme as MantineColorScheme)}>
          {choices.map(({ scheme, label }) => (
            <Menu.RadioItem key={scheme} value={scheme} closeMenuOnClick>
              {label}
            </Menu.RadioItem>
          ))}
        </Menu.RadioGroup>
      </Menu.Dropdown>
    </Menu>
  );
}
