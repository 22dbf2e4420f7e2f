/**
 * Form rules and their exact messages (spec core §5). Pure functions: each
 * returns the message to show, or null when the value is fine. The server
 * keeps its own copy of these rules in the domain and checks again.
 */

export const EMAIL_PATTERN = /^[A-Z0-9._%+-]+@[A-Z0-9.-]+\.[A-Z]{2,}$/i;

/** At least 6 characters with a lowercase, an uppercase, a digit and one of ! @ # $ & *. */
export const PASSWORD_PATTERN = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[!@#$&*]).{6,}$/;

export const NAME_MIN_LETTERS = 3;

const isBlank = (value: string) => value.trim() === '';

const countLetters = (value: string) => (value.match(/[a-z]/gi) ?? []).length;

/** Login and forgot-password e-mail. */
export function validateEmail(value: string): string | null {
  if (isBlank(value)) return 'Required';
  if (!EMAIL_PATTERN.test(value.trim())) return 'Invalid email address';
  return null;
}

/** Login password: only presence, the server decides whether it is right. */
export function validateLoginPassword(value: string): string | null {
  return value === '' ? 'Required' : null;
}

export function validateFullName(value: string): string | null {
  if (isBlank(value)) return 'Full Name is required';
  if (countLetters(value) < NAME_MIN_LETTERS) return 'Name must contain 3 letters';
  return null;
}

/** Sign-up e-mail. */
export function validateNewAccountEmail(value: string): string | null {
  if (isBlank(value)) return 'Email address is required';
  if (!EMAIL_PATTERN.test(value.trim())) return 'Email must be a valid email';
  return null;
}

/** A password being chosen (sign-up, reset). */
export function validateNewPassword(value: string): string | null {
  if (value === '') return 'Password is required';
  if (!PASSWORD_PATTERN.test(value)) {
    return 'At least 6 Characters, At least one uppercase, one number and one special case character';
  }
  return null;
}

export function validatePasswordConfirmation(value: string, password: string): string | null {
  if (value === '') return 'Please confirm your password';
  if (value !== password) return 'Passwords must match.';
  return null;
}

export function validatePrivacyAccepted(accepted: boolean): string | null {
  return accepted ? null : 'Please accept the terms and conditions.';
}
