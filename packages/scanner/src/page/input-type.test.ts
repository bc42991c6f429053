import { describe, expect, it } from 'vitest';
import { inputType } from './input-type.ts';
import { parsePage } from './page-facts.ts';
import { asksForSecrets } from './sensitive-inputs.ts';

describe('inputType', () => {
  it('keeps the types HTML knows and takes a missing or unknown one for text, as browsers do', () => {
    expect(inputType('Password')).toBe('password');
    expect(inputType(' email ')).toBe('email');
    expect(inputType(undefined)).toBe('text');
    expect(inputType('Contraseña')).toBe('text');
  });

  it('reads a field of an unknown type labelled as the password as a password', () => {
    const page = parsePage(
      '<form action="login.php"><input type="text" placeholder="Apple ID" name="apple"><input type="Contraseña" placeholder="Password" name="pw"></form>',
      'https://kit.example/',
    );
    expect(page.forms[0]?.inputs.map((input) => input.type)).toEqual(['text', 'text']);
    expect(asksForSecrets(page)).toBe(true);
  });
});
