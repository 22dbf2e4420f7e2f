/** The sign-in rules of spec core §5, shared by the deciders, the API and the web forms. */

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
const PASSWORD_SPECIALS = /[!@#$&*]/;
export const MIN_NAME_LETTERS = 3;
export const MIN_PASSWORD_LENGTH = 6;

export const messages = {
  required: 'Required',
  invalidEmail: 'Invalid email address',
  fullNameRequired: 'Full Name is required',
  nameTooShort: 'Name must contain 3 letters',
  emailRequired: 'Email address is required',
  emailInvalid: 'Email must be a valid email',
  passwordRequired: 'Password is required',
  passwordWeak: 'At least 6 Characters, At least one uppercase, one number and one special case character',
  confirmRequired: 'Please confirm your password',
  passwordsDiffer: 'Passwords must match.',
  termsRequired: 'Please accept the terms and conditions.',
  signUpIncomplete: 'Please provide all required information: email, password, and full name.',
  verifyEmail: 'Please verify your email address.',
} as const;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function validateFullName(name: string): string | null {
  if (!name.trim()) return messages.fullNameRequired;
  if ((name.match(/\p{L}/gu) ?? []).length < MIN_NAME_LETTERS) return messages.nameTooShort;
  return null;
}

export function validateSignUpEmail(email: string): string | null {
  if (!email.trim()) return messages.emailRequired;
  if (!EMAIL_PATTERN.test(email.trim())) return messages.emailInvalid;
  return null;
}

export function validateNewPassword(password: string): string | null {
  if (!password) return messages.passwordRequired;
  const strong =
    password.length >= MIN_PASSWORD_LENGTH &&
    /[A-Z]/.test(password) &&
    /[a-z]/.test(password) &&
    /\d/.test(password) &&
    PASSWORD_SPECIALS.test(password);
  return strong ? null : messages.passwordWeak;
}

export function validateConfirmPassword(password: string, confirm: string): string | null {
  if (!confirm) return messages.confirmRequired;
  return confirm === password ? null : messages.passwordsDiffer;
}

export function validateLoginPassword(password: string): string | null {
  return password ? null : messages.required;
}

export function validateTermsAccepted(accepted: boolean): string | null {
  return accepted ? null : messages.termsRequired;
}

export function validateLoginEmail(email: string): string | null {
  if (!email.trim()) return messages.required;
  return EMAIL_PATTERN.test(email.trim()) ? null : messages.invalidEmail;
}
