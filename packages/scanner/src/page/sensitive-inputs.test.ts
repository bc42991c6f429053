import { describe, expect, it } from 'vitest';
import { parsePage } from './page-facts.ts';
import {
  allInputs,
  asksForLogin,
  asksForSecrets,
  isCardInput,
  isNationalIdInput,
  isOneTimeCodeInput,
  isPasswordInput,
  isPinInput,
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

  it.each([
    ['en', '<label>Social Security number <input name="f2"></label>'],
    ['ko', '<label>주민등록번호<input name="rrn"></label>'],
    ['zh', '<input placeholder="请输入身份证号码">'],
    ['ru', '<input aria-label="СНИЛС">'],
    ['ar', '<label>رقم الهوية الوطنية / الإقامة<input name="x"></label>'],
    ['he', '<input placeholder="תעודת זהות">'],
    ['th', '<input placeholder="เลขบัตรประชาชน 13 หลัก">'],
    ['vi', '<label>Số CCCD<input name="x"></label>'],
    ['cs', '<input placeholder="Rodné číslo">'],
  ])('reads a national ID field named only by its %s words', (_language, html) => {
    expect(isNationalIdInput(one(html))).toBe(true);
  });

  it('does not take an upload of an identity card, or a name field, for a national ID number asked', () => {
    expect(isNationalIdInput(one('<label>Ảnh căn cước công dân (CCCD)<input type="file" name="anh"></label>'))).toBe(false);
    expect(isNationalIdInput(one('<label>성명<input name="name"></label>'))).toBe(false);
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

  it.each([
    ['es', '<input name="c2" maxlength="4" inputmode="numeric" placeholder="PIN de la tarjeta">'],
    ['de', '<div>Geheimzahl</div><input name="f3" maxlength="4">'],
    ['pl', '<label>Kod PIN <input name="x" inputmode="numeric"></label>'],
    ['fi', '<input name="t" placeholder="Tunnusluku">'],
    ['ko', '<input name="k" placeholder="핀 번호">'],
    ['ru', '<input name="p" aria-label="ПИН-код">'],
  ])('reads a card PIN asked for in a text field (%s) as a secret', (_language, html) => {
    expect(isPinInput(one(html))).toBe(true);
    const page = parsePage(`<form>${html}</form>`, 'https://example.test/');
    expect(asksForSecrets(page)).toBe(true);
    expect(secretsAskedFor(page)).toContain('a card PIN');
  });

  it('takes no spinner, pinboard or map pin for a PIN', () => {
    for (const html of [
      '<input name="spinner">',
      '<input name="pinboard" placeholder="Pinboard title">',
      '<input placeholder="Drop a pinned note">',
    ])
      expect(isPinInput(one(html)), html).toBe(false);
  });

  it('reads recovery-phrase word fields in other languages', () => {
    expect(isSeedPhraseInput(one('<input placeholder="助记词">'))).toBe(true);
    expect(isSeedPhraseInput(one('<input placeholder="Kelime 1">'))).toBe(true);
  });

  it('names a field without a label by the short caption a kit writes before it in a <div> or <td>', () => {
    const page = parsePage(
      '<div class="row"><div class="cap">Numer karty płatniczej</div><input id="a"></div>' +
        '<table><tr><td>Geldig tot</td><td><input id="b"></td></tr><tr><td>Kod SMS</td><td><input id="c"></td></tr></table>',
      'https://e.test/',
    );
    const [card, expiry, code] = page.looseInputs;
    expect(card!.label).toBe('Numer karty płatniczej');
    expect(isCardInput(card!)).toBe(true);
    expect(isCardInput(expiry!)).toBe(true);
    expect(isOneTimeCodeInput(code!)).toBe(true);
  });

  it('takes no paragraph of prose, and no <label> text twice, as a caption', () => {
    const prose = parsePage(
      '<p>Wij vragen nooit om uw wachtwoord of pincode per e-mail of telefoon, wees daarom altijd alert.</p><input id="x">',
      'https://e.test/',
    );
    expect(prose.looseInputs[0]!.label).toBe('');
    const labelled = parsePage('<label>Hasło <input type="text"></label>', 'https://e.test/');
    expect(labelled.looseInputs[0]!.label).toBe('Hasło');
  });

  it('counts a grid of twelve unnamed word fields beside recovery wording as asking for a secret', () => {
    const grid = (words: string) => parsePage(`<h2>${words}</h2>${'<input>'.repeat(12)}`, 'https://e.test/');
    expect(asksForSecrets(grid('Geben Sie Ihre Wiederherstellungsphrase ein'))).toBe(true);
    expect(secretsAskedFor(grid('Geben Sie Ihre Wiederherstellungsphrase ein'))[0]).toBe('a wallet recovery phrase');
    expect(asksForSecrets(grid('Anmeldung zum Vereinsturnier'))).toBe(false);
  });

  it.each([
    ['cs', 'Zadejte svou frázi pro obnovení (12 slov)'],
    ['ro', 'Introduceți fraza de recuperare'],
    ['hu', 'Adja meg a helyreállító kifejezését'],
    ['sv', 'Ange din återställningsfras'],
    ['uk', 'Введіть фразу відновлення'],
    ['vi', 'Nhập cụm từ khôi phục của bạn'],
    ['id', 'Masukkan frasa pemulihan Anda'],
    ['ar', 'أدخل عبارة الاسترداد'],
    ['he', 'הזינו את ביטוי השחזור'],
    ['th', 'กรอกวลีกู้คืนของคุณ'],
  ])('reads an unnamed twelve-field grid beside recovery wording in %s as a recovery phrase', (_language, words) => {
    const grid = parsePage(`<h2>${words}</h2>${'<input>'.repeat(12)}`, 'https://e.test/');
    expect(secretsAskedFor(grid)[0]).toBe('a wallet recovery phrase');
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
