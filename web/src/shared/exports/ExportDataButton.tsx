import { Button, type ButtonProps } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { ExportModal, type ExportTarget } from './ExportModal';

interface ExportDataButtonProps extends Pick<ButtonProps, 'size'> {
  companyId: string;
  target: ExportTarget;
  months: { from: string; to: string };
  latest: string;
}

/** 'Export Data' (core §2): opens the Export modal for the person or team on screen. */
export function ExportDataButton({ size, ...modal }: ExportDataButtonProps) {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button size={size} variant="default" onClick={open} style={{ flexShrink: 0 }}>
        Export Data
      </Button>
      <ExportModal opened={opened} onClose={close} {...modal} />
    </>
  );
}
