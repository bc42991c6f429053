import { describe, expect, it } from 'vitest';
import { type Concept, LANGUAGES, languagesOf, lexiconPattern, type MoreLanguage, wordsOf } from './lexicon.ts';

/** One sentence per language for each concept page checks rely on, as pages in that language write it. */
const SAMPLES: Record<'recoveryPhrase' | 'pretext' | 'urgency' | 'scanCode', Record<(typeof LANGUAGES)[number], string>> = {
  recoveryPhrase: {
    en: 'Enter your 12 or 24 word secret recovery phrase',
    de: 'Geben Sie Ihre Wiederherstellungsphrase ein',
    fr: 'Saisissez votre phrase de récupération',
    it: 'Inserisci la tua frase di recupero',
    es: 'Introduce tu frase de recuperación',
    nl: 'Voer uw herstelzin in',
    pt: 'Introduza a sua frase de recuperação',
  },
  pretext: {
    en: 'Your account has been suspended',
    de: 'Ihr Konto wurde gesperrt',
    fr: 'Votre compte a été suspendu',
    it: 'Il tuo conto è stato sospeso',
    es: 'Su cuenta ha sido suspendida',
    nl: 'Uw account is geblokkeerd',
    pt: 'A sua conta foi suspensa',
  },
  urgency: {
    en: 'Pay within 24 hours',
    de: 'Bitte innerhalb von 48 Stunden bezahlen',
    fr: 'Réglez sous 48h',
    it: 'Paga entro 24 ore',
    es: 'Pague en las próximas 48 horas',
    nl: 'Betaal binnen 24 uur',
    pt: 'Pague nas próximas 24 horas',
  },
  scanCode: {
    en: 'Scan the QR code with your phone',
    de: 'Scannen Sie den QR-Code',
    fr: 'Scannez le QR code',
    it: 'Scansiona il QR code',
    es: 'Escanee el código con su móvil',
    nl: 'Scan de QR-code',
    pt: 'Digitalize o código com o telemóvel',
  },
};

/** "Verify you are human" and the Run-and-paste steps, as fake CAPTCHAs write them beyond the seven languages. */
const FAKE_CAPTCHA: Record<MoreLanguage, [human: string, run: string]> = {
  ja: ['ロボットではありません', 'Windowsキーを押しながらRを押してください'],
  zh: ['请验证您是人类', '按下 Windows 键 + R，然后粘贴'],
  ko: ['로봇이 아닙니다', 'Windows 키와 R을 누른 뒤 붙여넣으세요'],
  tr: ['Robot değilim', 'Windows tuşu + R, ardından yapıştır'],
  pl: ['Nie jestem robotem', 'Naciśnij klawisz Windows + R i wklej'],
  ru: ['Я не робот', 'Нажмите клавишу Windows + R и вставьте'],
  ar: ['أنا لست روبوتًا', 'اضغط على مفتاح Windows + R ثم الصق الأمر'],
  he: ['אני לא רובוט', 'לחצו על מקש Windows + R והדביקו'],
  th: ['ยืนยันว่าคุณเป็นมนุษย์', 'กดปุ่ม Windows + R'],
  vi: ['Xác minh bạn là con người', 'Nhấn phím Windows + R rồi dán lệnh'],
  id: ['Saya bukan robot', 'Tekan tombol Windows + R lalu tempel'],
  cs: ['Ověřte, že jste člověk', 'Stiskněte klávesu Windows + R a vložte'],
  ro: ['Verificați că sunteți om', 'Apăsați tasta Windows + R și lipiți'],
  hu: ['Igazolja, hogy ön ember', 'Nyomja meg a Windows-billentyűt + R, majd illessze be'],
  sv: ['Verifiera att du är en människa', 'Tryck på Windows-tangenten + R och klistra in'],
  uk: ['Підтвердіть, що ви людина', 'Натисніть клавішу Windows + R і вставте'],
};

/** Pretexts (something owed, blocked or refunded) as kits write them beyond the seven languages. */
const PRETEXT_MORE: Record<MoreLanguage, string> = {
  ja: '税金の還付金があります',
  zh: '您的通行費欠費未繳',
  ko: '미납 통행료가 있습니다',
  tr: 'Vergi iadesi hakkınız var',
  pl: 'Paczka oczekuje na dopłatę',
  ru: 'Вам начислена единовременная выплата',
  ar: 'لديك رسوم جمركية غير مدفوعة',
  he: 'מגיע לך החזר מס',
  th: 'ท่านมีสิทธิ์ได้รับเงินคืนภาษี',
  vi: 'Bạn được hoàn thuế',
  id: 'Akun anda telah diblokir',
  cs: 'Vaše zásilka byla zadržena',
  ro: 'Contul dvs. a fost suspendat',
  hu: 'Önnek adó-visszatérítés jár',
  sv: 'Du har en obetald vägtull',
  uk: 'Вам нараховано одноразову виплату',
};

/** "View the shared document", as viewer lures write it in the languages the seven and ja, tr, pl leave. */
const DOCUMENT_VIEWER: Partial<Record<MoreLanguage, string>> = {
  zh: '登录以查看共享文档',
  ko: '공유 문서를 보려면 로그인하세요',
  ru: 'Чтобы просмотреть документ, войдите',
  ar: 'سجّل الدخول لعرض المستند',
  he: 'התחברו לצפייה במסמך',
  th: 'เข้าสู่ระบบเพื่อดูเอกสาร',
  vi: 'Đăng nhập để xem tài liệu',
  id: 'Masuk untuk melihat dokumen',
  cs: 'Přihlaste se pro zobrazení dokumentu',
  ro: 'Conectați-vă pentru a vizualiza documentul',
  hu: 'Jelentkezzen be a dokumentum megtekintéséhez',
  sv: 'Logga in för att visa dokumentet',
  uk: 'Увійдіть, щоб переглянути документ',
};

describe('page lexicon', () => {
  it.each(Object.entries(DOCUMENT_VIEWER))('reads a document-viewer lure in %s', (language, sentence) => {
    expect(languagesOf('documentViewer', sentence), sentence).toContain(language);
  });

  it('lets a stem run on in its own script, not only in ASCII letters', () => {
    expect(languagesOf('walletPretext', 'Получите награду')).toContain('ru');
    expect(languagesOf('walletPretext', 'Ödülünüzü hemen alın')).toContain('tr');
    expect(languagesOf('walletPretext', 'Vegye át a jutalmát')).toContain('hu');
    expect(languagesOf('runCommand', 'Nyomja meg a Windows-billentyűt')).toContain('hu');
    expect(lexiconPattern('walletPretext').test('Наградной')).toBe(true);
    expect(lexiconPattern('walletPretext').test('Снаграду')).toBe(false);
  });

  it.each([
    ['en', 'I am human'],
    ['de', 'Ich bin ein Mensch'],
    ['fr', 'Je suis humain'],
    ['it', 'Sono umano'],
    ['es', 'Soy humano'],
    ['nl', 'Ik ben een mens'],
    ['pt', 'Sou humano'],
    ['tr', 'Ben insanım'],
    ['pl', 'Jestem człowiekiem'],
    ['ja', '私は人間です'],
  ])('reads a gate\u2019s "I am human" in %s', (language, caption) => {
    expect(languagesOf('humanCheck', caption), caption).toContain(language);
  });

  it.each([
    ['de', 'Ich bestätige, dass ich kein Roboter bin'],
    ['fr', 'Je certifie ne pas être un robot'],
    ['it', 'Confermo di non essere un robot'],
    ['es', 'Confirmo que no soy robot'],
    ['nl', 'Ik bevestig dat ik geen robot ben'],
    ['pt', 'Confirmo que não sou robô'],
    ['tr', 'Robot olmadığımı onaylıyorum'],
    ['ja', 'ロボットではないことを確認します'],
  ])('reads a gate\u2019s "I confirm that I am not a robot" clause in %s', (language, caption) => {
    expect(languagesOf('humanCheck', caption), caption).toContain(language);
  });

  it.each(Object.entries(FAKE_CAPTCHA))('reads a fake CAPTCHA\u2019s human check and run steps in %s', (language, [human, run]) => {
    expect(languagesOf('humanCheck', human), human).toContain(language);
    expect(languagesOf('runCommand', run), run).toContain(language);
  });

  it('has wording in every language we sell in for every concept', () => {
    const concepts: Concept[] = [
      'recoveryPhrase',
      'urgency',
      'pretext',
      'scanCode',
      'shop',
      'discount',
      'pay',
      'only',
      'crypto',
      'prepayment',
      'legal',
      'signIn',
      'oneTimeCode',
    ];
    for (const concept of concepts)
      for (const language of LANGUAGES) expect(wordsOf(concept, language).length, `${concept}/${language}`).toBeGreaterThan(0);
  });

  it.each(Object.entries(SAMPLES))('finds %s in each language and names the language', (concept, sentences) => {
    for (const [language, sentence] of Object.entries(sentences)) {
      expect(lexiconPattern(concept as Concept).test(sentence), `${language}: ${sentence}`).toBe(true);
      expect(languagesOf(concept as Concept, sentence), sentence).toContain(language);
    }
  });

  it('matches whole words only', () => {
    expect(lexiconPattern('recoveryPhrase').test('Our wallets support 24 words phrases')).toBe(true);
    expect(lexiconPattern('shop').test('The panierement of the file')).toBe(false);
    expect(lexiconPattern('urgency').test('We reply immediately-ish')).toBe(true);
    expect(lexiconPattern('pretext').test('The hike was suspended because of snow')).toBe(false);
  });
  it.each(Object.entries(PRETEXT_MORE))('reads a phishing pretext in %s', (language, sentence) => {
    expect(lexiconPattern('pretext').test(sentence), sentence).toBe(true);
    expect(languagesOf('pretext', sentence)).toContain(language);
  });

  it.each([
    ['en', 'Your 12,480 reward points expire today'],
    ['de', 'Ihre Punkte verfallen heute'],
    ['fr', 'Vos points expirent le 30/11'],
    ['es', 'Sus puntos caducan hoy'],
    ['pt', 'Seus pontos expiram hoje'],
    ['ja', 'ポイントが本日失効します'],
    ['zh', '您的积分即将过期'],
    ['ko', '포인트가 오늘 소멸됩니다'],
    ['ru', 'Ваши баллы сгорят сегодня'],
    ['ar', 'نقاطك ستنتهي اليوم'],
    ['he', 'הנקודות שלך יפוגו היום'],
    ['th', 'คะแนนสะสมของคุณ 12,480 คะแนน จะหมดอายุภายในวันนี้'],
    ['vi', 'Điểm thưởng của bạn sắp hết hạn'],
    ['cs', 'Body vám propadnou dnes'],
    ['tr', 'Puanlarınız bugün sona eriyor'],
  ])('reads reward points about to lapse as a pretext in %s', (language, sentence) => {
    expect(languagesOf('pretext', sentence), sentence).toContain(language);
  });

  it('does not read a shop offering to redeem points as a lapse', () => {
    expect(lexiconPattern('pretext').test('Redeem your points at checkout: 1 point = 1p')).toBe(false);
  });

  it('reads a fake shop\u2019s scarcity and closing-down story in many languages, and not ordinary stock notes', () => {
    for (const sentence of [
      'Only 3 left',
      'Nur noch 2 Stück',
      'Quedan 4',
      'Zostało tylko 2',
      'Endast 3 kvar',
      'Zbývají 3 ks',
      '残り2点',
      '仅剩3件',
    ])
      expect(lexiconPattern('scarcity').test(sentence), sentence).toBe(true);
    for (const sentence of [
      'Räumungsverkauf',
      'Liquidation totale',
      'Likvidace skladu',
      'Végkiárusítás',
      'Likwidacja magazynu',
      '閉店セール',
      '清仓',
    ])
      expect(lexiconPattern('closingDown').test(sentence), sentence).toBe(true);
    expect(lexiconPattern('scarcity').test('In stock, ships in 2 days')).toBe(false);
  });
  it.each([
    ['fi', 'Tullimaksu odottaa maksua', 'Kortin numero', 'Salasana'],
    ['el', 'Αίτηση επιστροφή φόρου', 'Αριθμός κάρτας', 'Κωδικός πρόσβασης'],
    ['hi', 'KYC अपडेट करें, खाता बंद', 'कार्ड नंबर', 'पासवर्ड'],
    ['fa', 'ابلاغیه الکترونیک', 'شماره کارت', 'رمز دوم'],
    ['ms', 'Akaun anda telah disekat', 'Nombor kad', 'Kata laluan'],
    ['da', 'Din konto er spærret', 'Kortnummer', 'Adgangskode'],
    ['ro', 'Aveți dreptul la o restituire de impozit', 'Număr card', 'Parolă'],
  ])('reads a pretext, a card number and a password in %s', (language, pretext, card, password) => {
    expect(languagesOf('pretext', pretext)).toContain(language);
    expect(lexiconPattern('cardNumber').test(card), card).toBe(true);
    expect(lexiconPattern('password').test(password), password).toBe(true);
  });
  it("reads the registration labels and imprint kinds of the new markets' footers (decision 594)", () => {
    const register = lexiconPattern('companyRegister');
    for (const footer of [
      '統一編號 54876213',
      '사업자등록번호 126-32-58741',
      'ИНН 3703021458',
      'السجل التجاري 2252087314',
      'IČO 27812361',
      'Organisationsnummer 802487-1150',
    ])
      expect(register.test(footer), footer).toBe(true);
    const kind = lexiconPattern('imprintKind');
    for (const footer of [
      '林輝聯合會計師事務所',
      'สำนักงานบัญชีศิริพันธ์',
      'Бухгалтерия Островской',
      'PT BPR Surya Artha',
      // Decision 603: Turkish and Polish kinds.
      'SMMM Hakan Aydın',
      'Biuro Rachunkowe Nowak',
    ])
      expect(kind.test(footer), footer).toBe(true);
    expect(kind.test('Online-Banking · Sicherheitshinweise'), 'no kind in a kit footer').toBe(false);
  });
});
