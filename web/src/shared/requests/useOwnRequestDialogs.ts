import { useState } from 'react';

type OwnRequestDialog<Row> = { kind: 'add' } | { kind: 'edit' | 'delete' | 'history'; request: Row };

/** Which dialog of a requester's page is open: the form for a new request or a change, deleting one, or its history. */
export function useOwnRequestDialogs<Row>() {
  const [dialog, setDialog] = useState<OwnRequestDialog<Row> | null>(null);
  const requestIn = (kind: 'edit' | 'delete' | 'history') => (dialog && dialog.kind === kind ? dialog.request : null);
  return {
    open: setDialog,
    close: () => setDialog(null),
    formOpened: dialog?.kind === 'add' || dialog?.kind === 'edit',
    /** The request the form changes; null: a new one. */
    editing: requestIn('edit'),
    deleting: requestIn('delete'),
    historyOf: requestIn('history'),
  };
}
