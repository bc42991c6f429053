import { describe, expect, it } from 'vitest';
import { confirmPasswordProblem, emailProblem, loginRequestSchema, PASSWORD_MESSAGES, passwordProblem } from './accounts.ts';

describe('passwordProblem (SPEC §5)', () => {
  it.each([
    ['', PASSWORD_MESSAGES.required],
    ['Ab1!xyz', PASSWORD_MESSAGES.tooShort],
    ['abcdef1!', PASSWORD_MESSAGES.uppercase],
    ['ABCDEF1!', PASSWORD_MESSAGES.lowercase],
    ['Abcdefg!', PASSWORD_MESSAGES.digit],
    ['Abcdefg1', PASSWORD_MESSAGES.symbol],
    ['Abcdef1! ', PASSWORD_MESSAGES.disallowed],
    ['Abcdef1!é', PASSWORD_MESSAGES.disallowed],
    [`Ab1!${'x'.repeat(125)}`, PASSWORD_MESSAGES.tooLong],
    ['Abcdef1!', null],
    ['Zz9@#$%^&*', null],
  ])('%j → %s', (password, problem) => {
    expect(passwordProblem(password)).toBe(problem);
  });
});

describe('emailProblem and confirmPasswordProblem', () => {
  it('uses the sign-up wording', () => {
    expect(emailProblem('  ')).toBe('Email required');
    expect(emailProblem('ana@example')).toBe('Valid email required');
    expect(emailProblem(' ana@example.com ')).toBeNull();
    expect(confirmPasswordProblem('Abcdef1!', '')).toBe('Confirm Password required');
    expect(confirmPasswordProblem('Abcdef1!', 'Abcdef1?')).toBe('Not match Passwords');
  });
});

describe('loginRequestSchema', () => {
  it('reports problems for the whole form, as the sign-in toast shows them', () => {
    const issue = (input: unknown) => loginRequestSchema.safeParse(input).error?.issues[0];
    expect(issue({ email: 'a@b.co' })).toMatchObject({ path: [], message: 'Oops, please reconfirm your login form.' });
    expect(issue({ email: 'a@b', password: 'x' })).toMatchObject({ path: [], message: 'Please enter a valid email address.' });
    expect(loginRequestSchema.parse({ email: 'a@b.co', password: 'x' })).toEqual({ email: 'a@b.co', password: 'x' });
  });
});
