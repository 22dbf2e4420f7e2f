/** What a request form's dialog takes. */
export interface RequestFormModalProps<Row> {
  companyId: string;
  opened: boolean;
  /** The pending request to change, or null to ask for a new one. */
  request: Row | null;
  onClose: () => void;
}
