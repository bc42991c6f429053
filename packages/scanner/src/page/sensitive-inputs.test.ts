import { describe, expect, it } from 'vitest';
import { parsePage } from './page-facts.ts';
import {
  allInputs,
  asksForLogin,
  isCardInput,
  isOneTimeCodeInput,
  isPasswordInput,
  isSeedPhraseInput,
  secretsAskedFor,
} from './sensitive-inputs.ts';
import { lexiconPattern } from './lexicon/lexicon.ts';

const inputs = (html: string) => allInputs(parsePage(`<form>${html}</form>`, 'https://example.test/'));
const one = (html: string) => inputs(html)[0]!;

describe('what a field asks for, in any language', () => {
  it.each([
    ['ja', '<input type="text" placeholder="パスワード">'],
    ['tr', '<label for="p">Şifre</label><input id="p" type="text">'],
    ['pl', '<label>Hasło <input type="text"></label>'],
    ['ru', '<input type="text" aria-label="Пароль">'],
    ['ar', '<input type="text" placeholder="كلمة المرور">'],
    ['he', '<input type="text" placeholder="סיסמה">'],
    ['th', '<input type="text" placeholder="รหัสผ่าน">'],
    ['vi', '<input type="text" placeholder="Mật khẩu">'],
    ['ko', '<input type="text" placeholder="비밀번호를 입력하세요">'],
    ['hu', '<input type="text" placeholder="Jelszó">'],
  ])('reads a password field named only by its %s label', (_language, html) => {
    expect(isPasswordInput(one(html))).toBe(true);
  });

  it('reads a text input masked by CSS, inline or by class, as a password', () => {
    expect(isPasswordInput(one('<input type="text" style="-webkit-text-security: disc">'))).toBe(true);
    const page = parsePage('<style>.pin { -webkit-text-security: circle }</style><input class="x pin" type="text">', 'https://e.test/');
    expect(isPasswordInput(page.looseInputs[0]!)).toBe(true);
    expect(isPasswordInput(one('<input type="text" placeholder="Vorname">'))).toBe(false);
  });

  it.each([
    ['fr', '<input placeholder="Carte de crédit"><input placeholder="CCV">'],
    ['nl', '<label for="a">Kaartnummer</label><input id="a">'],
    ['ja', '<input placeholder="カード番号">'],
    ['tr', '<input placeholder="Kart numarası">'],
    ['shape', '<input placeholder="0000 0000 0000 0000">'],
    ['expiry', '<input placeholder="MM/AA">'],
    ['pattern', '<input inputmode="numeric" pattern="[0-9]{16}" maxlength="19">'],
  ])('reads card fields (%s)', (_kind, html) => {
    expect(inputs(html).some(isCardInput)).toBe(true);
  });

  it('reads one-time codes: words in any language and a row of one-character boxes', () => {
    expect(isOneTimeCodeInput(one('<input placeholder="認証コード">'))).toBe(true);
    expect(isOneTimeCodeInput(one('<input placeholder="Doğrulama kodu">'))).toBe(true);
    const boxes = parsePage(`<form>${'<input maxlength="1" inputmode="numeric">'.repeat(6)}</form>`, 'https://e.test/');
    expect(secretsAskedFor(boxes)).toContain('a one-time code');
  });

  it('reads recovery-phrase word fields in other languages', () => {
    expect(isSeedPhraseInput(one('<input placeholder="助记词">'))).toBe(true);
    expect(isSeedPhraseInput(one('<input placeholder="Kelime 1">'))).toBe(true);
  });

  it('reads a login from the account field and the button in the page language', () => {
    const page = parsePage('<form><input placeholder="Kullanıcı adı"><button>Giriş yap</button></form>', 'https://e.test/');
    expect(page.buttons).toEqual(['Giriş yap']);
    expect(asksForLogin(page, lexiconPattern('signIn'))).toBe(true);
    expect(asksForLogin(parsePage('<form><input placeholder="Kullanıcı adı"></form>', 'https://e.test/'), lexiconPattern('signIn'))).toBe(
      false,
    );
  });

  it('keeps a meta refresh inside <noscript> apart: only browsers without scripts follow it', () => {
    const page = parsePage('<noscript><meta http-equiv="refresh" content="0;url=https://x.paypal.com/"></noscript>', 'https://e.test/');
    expect(page.metaRefresh).toBeNull();
    expect(page.noscriptRefresh).toBe('https://x.paypal.com/');
  });
});
