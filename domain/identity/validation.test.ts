import { describe, expect, it } from 'vitest';
import { messages, validateConfirmPassword, validateFullName, validateLoginEmail, validateNewPassword, validateSignUpEmail } from './validation.ts';

describe('sign-in validation (spec core §5)', () => {
  it('checks the full name', () => {
    expect(validateFullName('')).toBe(messages.fullNameRequired);
    expect(validateFullName('J. K')).toBe(messages.nameTooShort);
    expect(validateFullName('Józef')).toBeNull();
  });

  it('checks the sign-up e-mail', () => {
    expect(validateSignUpEmail(' ')).toBe(messages.emailRequired);
    expect(validateSignUpEmail('a@b')).toBe(messages.emailInvalid);
    expect(validateSignUpEmail('a@b.io')).toBeNull();
  });

  it('requires 6 characters with upper, lower, digit and one of ! @ # $ & *', () => {
    expect(validateNewPassword('')).toBe(messages.passwordRequired);
    for (const weak of ['Ab1!', 'abcde1!', 'ABCDE1!', 'Abcdef!', 'Abcde12', 'Abcde1%']) {
      expect(validateNewPassword(weak)).toBe(messages.passwordWeak);
    }
    expect(validateNewPassword('Abcde1!')).toBeNull();
  });

  it('checks the confirmation and the login e-mail', () => {
    expect(validateConfirmPassword('Abcde1!', '')).toBe(messages.confirmRequired);
    expect(validateConfirmPassword('Abcde1!', 'Abcde1?')).toBe(messages.passwordsDiffer);
    expect(validateLoginEmail('')).toBe(messages.required);
    expect(validateLoginEmail('nope')).toBe(messages.invalidEmail);
  });
});
