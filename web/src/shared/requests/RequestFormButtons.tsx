import { Button, Group } from '@mantine/core';

interface RequestFormButtonsProps {
  /** A change of a request: 'Save'; else 'Submit Request'. */
  editing: boolean;
  saving: boolean;
  disabled?: boolean;
  onCancel: () => void;
}

/** A request form's Cancel and submit buttons. */
export function RequestFormButtons({ editing, saving, disabled, onCancel }: RequestFormButtonsProps) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel} disabled={saving}>
        Cancel
      </Button>
      <Button type="submit" loading={saving} disabled={disabled}>
        {editing ? 'Save' : 'Submit Request'}
      </Button>
    </Group>
  );
}
