/**
 * Spec management §5 'Select company/team': the one message for an empty
 * company or team pick. The spec gives it word for word for both, so the team
 * chooser says 'companies' too (README, Decisions).
 */
export const selectionRequired = 'Please select at least one of the companies.';
