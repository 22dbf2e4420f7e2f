/** The invite form's messages (management §5), as the API answers them too. */
export const inviteFormMessages = {
  emailRequired: 'At least 1 email address is required',
  emailInvalid: 'Invalid email format! Please enter a valid email address.!',
  roleRequired: 'Select access level of user',
  teamRequired: 'You need to select at least one team',
} as const;
