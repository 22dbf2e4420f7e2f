/** Spec management §5 'Select company/team': the one message for an empty company or team pick. */
export const selectionRequired = 'Please select at least one of the companies.';
