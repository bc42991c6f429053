import { describe, expect, it } from 'vitest';
import { parsePage } from '../page/page-facts.ts';
import { urlFacts } from '../url/url-facts.ts';
import { claimedBrands, pageNamesOwnSite, pageSignsAsOwnCompany } from './page-claims.ts';
import { pageStance } from './page-stance.ts';

const at = (url: string, html: string) => ({ page: parsePage(html, url), final: urlFacts(url) });
const LOGIN =
  '<form><label for="e">Email</label><input id="e" type="email"><label for="p">Password</label><input id="p" type="password"><button>Sign in</button></form>';

describe('the page names its own organisation', () => {
  it('by one word of its domain that is its mark, named in the title and in the footer\u2019s company line', () => {
    const { page, final } = at(
      'https://lockwell-pass.com/login',
      `<title>Log in · Lockwell</title>${LOGIN}<footer>Lockwell Software Ltd · 14 Forth Street, Edinburgh</footer>`,
    );
    expect(pageNamesOwnSite(page, final, true)).toBe(true);
    expect(pageStance(page, final).stance).toBe('clears');
  });

  it('by a shorter word of its domain beside the number its company is registered under, not without it', () => {
    const CARD =
      '<form><label>Kart numarası</label><input autocomplete="cc-number"><label>CVC</label><input autocomplete="cc-csc"><button>Öde</button></form>';
    const shop = (footer: string) =>
      at(
        'https://ceyizci-nazli.com.tr/sepet/odeme',
        `<title>Ödeme – Nazlı Çeyiz</title><header>Nazlı Çeyiz</header>${CARD}<footer>${footer}</footer>`,
      );
    const company = 'Nazlı Çeyiz Tekstil Ltd. Şti. · Cumhuriyet Cad. No: 112, Osmangazi / Bursa';
    const registered = shop(`${company} · Osmangazi V.D. 6310844521 · MERSİS 0631084452100015`);
    expect(pageStance(registered.page, registered.final).stance).toBe('clears');
    // A five-letter word with a company line but no registration number, or a label with no number, is not enough.
    for (const footer of [company, `${company} · MERSİS yakında`])
      expect(pageStance(shop(footer).page, shop(footer).final).stance, footer).toBe('confirms');
  });

  it('in kana, read as the romaji of its domain', () => {
    const { page, final } = at(
      'https://cp.hoshizora-server.jp/login',
      `<title>ログイン | ほしぞらサーバー</title>${LOGIN}<footer>ほしぞらネットワーク株式会社 長野県松本市</footer>`,
    );
    expect(pageNamesOwnSite(page, final, true)).toBe(true);
  });

  it('in another script, read in Latin letters: Han, Cyrillic with its case endings and either word order, Arabic by its consonants (decision 593)', () => {
    const CARD =
      '<form><input autocomplete="cc-number"><input autocomplete="cc-exp"><input autocomplete="cc-csc"><button>OK</button></form>';
    const named = [
      ['https://oud-alnakheel.sa/checkout/', '<title>إتمام الطلب | عود النخيل</title>'],
      ['https://lvivska-zala.com.ua/kvytky/', '<title>Квитки | Зала «Львівська»</title>'],
      ['https://buhgalter-ostrovskaya.ru/stati/', '<title>Налоговый вычет — Бухгалтерия Островской</title>'],
    ];
    for (const [url, head] of named) {
      const { page, final } = at(url!, `${head}${CARD}`);
      expect(pageNamesOwnSite(page, final, true), url).toBe(true);
      expect(pageStance(page, final).stance, url).toBe('clears');
    }
    // Another name in the same script is not the domain's: a kit's title in Cyrillic or Arabic names no host words.
    const strangers = [
      ['https://lvivska-zala.com.ua/kvytky/', '<title>Квитки | Зала «Київська»</title>'],
      ['https://oud-alnakheel.sa/checkout/', '<title>إتمام الطلب | مسرح القصبة</title>'],
      ['https://lk-vyplaty-gos.ru/lk/', '<title>Госуслуги - Вход</title>'],
      // The host's words across a brand's heading and its lure, not within one part of it.
      ['https://podarok-premium.ru/gift/', '<title>Telegram Premium — подарок</title>'],
    ];
    for (const [url, head] of strangers) {
      const { page, final } = at(url!, `${head}${CARD}`);
      expect(pageNamesOwnSite(page, final, true), url).toBe(false);
    }
  });

  it('by its mark in Han or Thai beside its kind or its registration in the footer, where no legal form is written (decision 594)', () => {
    const tea = (footer: string) =>
      at(
        'https://shanlan-tea.com.tw/checkout/',
        `<title>結帳 | 山嵐茶行</title><header>山嵐茶行</header><p>${'凍頂烏龍茶 150g × 2 NT$ 1,360。'.repeat(20)}</p>${LOGIN}<footer>${footer}</footer>`,
      );
    const registered = tea('山嵐茶行 · 南投縣鹿谷鄉興產路 38 號 · 統一編號 54876213');
    expect(pageNamesOwnSite(registered.page, registered.final, true)).toBe(true);
    const anonymous = tea('南投縣鹿谷鄉興產路 38 號 · 電話 049-2751836');
    expect(pageNamesOwnSite(anonymous.page, anonymous.final, true)).toBe(false);
    const office = at(
      'https://siriphan-account.co.th/knowledge/',
      `<title>วิธียื่นภาษีออนไลน์ | สำนักงานบัญชีศิริพันธ์</title>${LOGIN}<footer>สำนักงานบัญชีศิริพันธ์ · 112/4 ถนนนิมมานเหมินท์ เชียงใหม่</footer>`,
    );
    expect(pageNamesOwnSite(office.page, office.final, true)).toBe(true);
  });

  it('by a one-word domain gluing its name\u2019s words, one of them in the footer\u2019s company line with its registration (decision 603)', () => {
    const office = (footer: string) =>
      at(
        'https://aydinmalimusavirlik.com.tr/rehber/vergi-iadesi',
        `<title>Vergi iadesi nasıl alınır? | Aydın Mali Müşavirlik</title><p>${'Beyannamenizi e-Devlet şifrenizle onaylayın. '.repeat(12)}</p>${LOGIN}<footer>${footer}</footer>`,
      );
    const signed = office('SMMM Hakan Aydın · Manisa SMMM Odası Sicil No: 4512 · Mesrutiyet V.D. 0450871236 · Manisa');
    expect(pageSignsAsOwnCompany(signed.page, signed.final)).toBe(true);
    // No kind and no registration beside the name: no company line.
    const anonymous = office('Anafartalar Mah. No: 18, Manisa · Tel: 0236 231 44 87');
    expect(pageSignsAsOwnCompany(anonymous.page, anonymous.final)).toBe(false);
    // A kit whose one-word host glues its lure's words signs as no one: its footer names the authority, not the host's words.
    const kit = at(
      'https://vergiiadesiportal.com/',
      `<title>Vergi İadesi Portal</title>${LOGIN}<footer>© 2025 T.C. Hazine ve Maliye Bakanlığı Gelir İdaresi Başkanlığı · V.D. 0450871236</footer>`,
    );
    expect(pageSignsAsOwnCompany(kit.page, kit.final)).toBe(false);
  });

  it('by its name in a script not read back to its domain, the same in its title and its company line, on a page writing its own domain (decision 604)', () => {
    const webmail = (mail: string, footer: string, url = 'https://shinano-net.jp/webmail/') =>
      at(
        url,
        `<title>Webメール ログイン | 信濃ネット</title><p>${mail}をブラウザで読み書きできます。</p>${LOGIN}<footer>${footer}</footer>`,
      );
    const own = webmail('信濃ネットのメールアドレス（@shinano-net.jp）', '株式会社信濃ネット · 長野県上田市中央2丁目14-7');
    expect(pageSignsAsOwnCompany(own.page, own.final)).toBe(true);
    // The same page not writing its own domain, or with no company line, signs as no one.
    const unwritten = webmail('メール', '株式会社信濃ネット · 長野県上田市中央2丁目14-7');
    expect(pageSignsAsOwnCompany(unwritten.page, unwritten.final)).toBe(false);
    const noCompany = webmail('信濃ネットのメールアドレス（@shinano-net.jp）', '信濃ネット · 長野県上田市中央2丁目14-7');
    expect(pageSignsAsOwnCompany(noCompany.page, noCompany.final)).toBe(false);
    // A sign-in word is nobody's name, whatever the footer writes.
    const login = at(
      'https://webmail-ninsho.jp/',
      `<title>ログイン</title><p>@webmail-ninsho.jp</p>${LOGIN}<footer>株式会社ログイン</footer>`,
    );
    expect(pageSignsAsOwnCompany(login.page, login.final)).toBe(false);
  });

  it('not by an everyday word of its host without a company line, nor by words of signing in', () => {
    const viewer = at(
      'https://visualizza-documento-pec.top/doc/',
      `<title>Documento condiviso</title>${LOGIN}<footer>Documento riservato · Servizio PEC</footer>`,
    );
    expect(pageNamesOwnSite(viewer.page, viewer.final, true)).toBe(false);
    expect(pageStance(viewer.page, viewer.final).stance).toBe('confirms');
    const session = at('https://sesi-log-masuk.com/m2u/', `<title>Log Masuk</title>${LOGIN}<footer>Hak Cipta 2026</footer>`);
    expect(pageNamesOwnSite(session.page, session.final, true)).toBe(false);
    const german = at('https://sitzung-anmeldung.de/', `<title>Anmeldung</title>${LOGIN}`);
    expect(pageNamesOwnSite(german.page, german.final, true)).toBe(false);
  });

  it('by an abbreviation of its kind beside its own name ("cm-vilaflor": Câmara Municipal de Vila Flor), not by any short word', () => {
    const council = at(
      'https://servicos.cm-vilaflor.pt/entrar',
      `<title>Entrar – Balcão Virtual – Câmara Municipal de Vila Flor</title>${LOGIN}<footer>Município de Vila Flor</footer>`,
    );
    expect(pageNamesOwnSite(council.page, council.final, true)).toBe(true);
    expect(pageStance(council.page, council.final).stance).toBe('clears');
    // The initials must be those of the page's own capitalised name, and the word beside them a plain one.
    const stranger = at('https://cm-vilaflor.pt/entrar', `<title>Entrar – Balcão Virtual – Vila Flor</title>${LOGIN}`);
    expect(pageNamesOwnSite(stranger.page, stranger.final, true)).toBe(false);
    const disguise = at('https://cm-verificacao.com/entrar', `<title>Câmara Municipal – verificacao</title>${LOGIN}`);
    expect(pageNamesOwnSite(disguise.page, disguise.final, true)).toBe(false);
  });

  it.each([
    ['https://mandantenportal.kanzlei-brehm.de/login/', 'Mandantenportal – Brehm & Partner Rechtsanwälte'],
    ['https://bufete-garrido.es/clientes/', 'Área de clientes | Garrido Abogados'],
    ['https://tandarts-jansen.nl/inloggen', 'Inloggen – Tandartspraktijk Jansen'],
    ['https://kancelaria-wisniewski.pl/panel', 'Panel klienta – Wiśniewski i Wspólnicy'],
  ])('by its own name beside the kind of organisation its domain names (%s)', (url, title) => {
    const office = at(url, `<title>${title}</title>${LOGIN}`);
    expect(pageNamesOwnSite(office.page, office.final, true)).toBe(true);
    expect(pageStance(office.page, office.final).stance).toBe('clears');
  });

  it('not by a kind word beside a word the page does not write, a lure word or a brand', () => {
    const stranger = at('https://kanzlei-brehm.de/login/', `<title>Mandantenportal – Hartmann Rechtsanwälte</title>${LOGIN}`);
    expect(pageNamesOwnSite(stranger.page, stranger.final, true)).toBe(false);
    const lure = at('https://praxis-verifizierung.de/', `<title>Verifizierung Ihrer Daten</title>${LOGIN}`);
    expect(pageNamesOwnSite(lure.page, lure.final, true)).toBe(false);
    const brand = at('https://studio-paypal.com/', `<title>PayPal Studio</title>${LOGIN}`);
    expect(pageStance(brand.page, brand.final).stance).toBe('confirms');
  });

  it.each([
    ['https://szegedi-teniszklub.hu/tagdij/', 'Tagdíj és pályafoglalás – Szegedi Partfürdő Teniszklub'],
    ['https://ledger-papeterie.de/kasse/', 'Kasse – Ledger & Leim Papeterie'],
  ])('by its name with a word its domain leaves out (%s, decision 658)', (url, title) => {
    const club = at(url, `<title>${title}</title>${LOGIN}`);
    expect(pageNamesOwnSite(club.page, club.final, true)).toBe(true);
    expect(claimedBrands(club.page, club.final)).toEqual([]);
    expect(pageStance(club.page, club.final).stance).toBe('clears');
  });

  it('not by its domain\u2019s words with a sentence, a lure word or more than two words between them', () => {
    const titles = [
      ['https://szegedi-teniszklub.hu/', 'Szegedi belépés a Teniszklub oldalára'],
      ['https://netflix-billing.com/', 'Netflix – Update Your Billing'],
      ['https://netflix-kunden.com/', 'Netflix Account Kunden'],
      ['https://szegedi-teniszklub.hu/', 'Szegedi Alsóvárosi Partfürdő Sport Teniszklub'],
    ];
    for (const [url, title] of titles) {
      const page = at(url!, `<title>${title}</title>${LOGIN}`);
      expect(pageNamesOwnSite(page.page, page.final, true), title).toBe(false);
    }
  });
});

describe('payment choices beside card fields (decision 657)', () => {
  const CARD =
    '<label>Kartennummer</label><input autocomplete="cc-number"><label>Ablaufdatum</label><input autocomplete="cc-exp"><label>CVC</label><input autocomplete="cc-csc">';
  const choice = (brand: string) =>
    `<label><input type="radio" name="zahlart"> Kreditkarte</label><label><input type="radio" name="zahlart"> ${brand}</label>`;

  it('are the ways a checkout is paid, not who the page is', () => {
    const shop = at(
      'https://papierwerk-kasse.de/bestellen',
      `<title>Kasse</title><form>${choice('PayPal')}${CARD}<button>Bestellen</button></form>`,
    );
    expect(claimedBrands(shop.page, shop.final)).toEqual([]);
  });

  it('still claim a brand the page heads its form with, or offers beside no card field', () => {
    const headed = at(
      'https://papierwerk-kasse.de/bestellen',
      `<title>Kasse</title><h1>PayPal</h1><form>${choice('PayPal')}${CARD}</form>`,
    );
    expect(claimedBrands(headed.page, headed.final).map((brand) => brand.name)).toContain('PayPal');
    const noCard = at(
      'https://papierwerk-kasse.de/anmelden',
      `<title>Anmelden</title><form>${choice('PayPal')}<label>Passwort</label><input type="password"></form>`,
    );
    expect(claimedBrands(noCard.page, noCard.final).map((brand) => brand.name)).toContain('PayPal');
  });
});

describe('brands written with look-alike letters', () => {
  it.each([
    ['Mаybаnk2u | Log Masuk', 'Maybank'],
    ['Sрarkasse Online-Banking', 'Sparkasse'],
    ['Zaloguj się do mBаnk', 'mBank'],
  ])('reads %s as %s', (title, brand) => {
    const { page, final } = at('https://kit-host.example/', `<title>${title}</title>${LOGIN}`);
    expect(claimedBrands(page, final).map((claimed) => claimed.name)).toContain(brand);
  });
});

describe('a document waiting for the visitor', () => {
  // The sign-in an e-signature lure leads to may be two clicks away, built by a script bundle: the
  // page first shows only the envelope under the brand it wears.
  const envelope = (brand: string) =>
    `<title>${brand}</title><header><svg><text>${brand}</text></svg></header><main><p><b>Hartwell &amp; Co. Legal sent you a document to review and sign.</b></p>` +
    '<p>Please review and sign the attached settlement agreement at your earliest convenience. The envelope expires in 5 days; ' +
    'once every party has signed, each receives a completed copy by e-mail for their records.</p>' +
    '<p>Settlement_Agreement_Final.pdf (6 pages)</p><button>REVIEW DOCUMENT</button></main>';

  it('confirms the address when the page wears a brand the domain does not own', () => {
    const { page, final } = at('https://sign-envelope-4k2.netlify.app/', envelope('DocuSign'));
    expect(claimedBrands(page, final).map((brand) => brand.name)).toContain('DocuSign');
    expect(pageStance(page, final).stance).toBe('confirms');
  });

  it('says nothing on the brand\u2019s own domain, nor when the page wears no brand', () => {
    const own = at('https://app.docusign.com/documents/', envelope('DocuSign'));
    expect(pageStance(own.page, own.final).stance).not.toBe('confirms');
    const plain = at('https://share-portal-77.example/', envelope('Hartwell Legal'));
    expect(pageStance(plain.page, plain.final).stance).not.toBe('confirms');
  });
});

describe('payment services of brands of other sectors (decision 681)', () => {
  const CARD =
    '<label>カード番号</label><input autocomplete="cc-number"><label>有効期限</label><input autocomplete="cc-exp"><label>セキュリティコード</label><input autocomplete="cc-csc">';
  const choice = (label: string) =>
    `<label><input type="radio" name="pay"> クレジットカード</label><label><input type="radio" name="pay"> ${label}</label>`;

  it('are ways to pay ("Amazon Pay"), not who the page is; the brand alone still is', () => {
    const shop = at(
      'https://kobo-hinoki.jp/cart/',
      `<title>ご注文手続き</title><form>${choice('Amazon Pay')}${CARD}<button>注文</button></form>`,
    );
    expect(claimedBrands(shop.page, shop.final)).toEqual([]);
    const alone = at(
      'https://kobo-hinoki.jp/cart/',
      `<title>ご注文手続き</title><form>${choice('Amazon')}${CARD}<button>注文</button></form>`,
    );
    expect(claimedBrands(alone.page, alone.final).map((brand) => brand.name)).toContain('Amazon');
  });
});

describe('a domain glues the words of its organisation\u2019s name (decision 682)', () => {
  it('several words in one domain word, small words of the name between', () => {
    const { page, final } = at(
      'https://mutuelle-paysdebray.fr/espace-adherent/',
      `<title>Espace adhérent – Mutuelle Solidaire du Pays de Bray</title>${LOGIN}`,
    );
    expect(pageNamesOwnSite(page, final, true)).toBe(true);
  });

  it('two words of the name in a one-word domain, in either order, one cut short', () => {
    const named = at('https://contabilmantiqueira.com.br/portal/', `<title>Portal do cliente | Mantiqueira Contabilidade</title>${LOGIN}`);
    expect(pageNamesOwnSite(named.page, named.final, true)).toBe(true);
    const other = at('https://contabilmantiqueira.com.br/portal/', `<title>Portal do cliente | Serra Contabilidade</title>${LOGIN}`);
    expect(pageNamesOwnSite(other.page, other.final, true)).toBe(false);
  });
});

describe('beside a brand named as loudly, two words of a longer domain (decision 567)', () => {
  it('are the kit\u2019s heading, not the site\u2019s name', () => {
    const { page, final } = at(
      'https://nieuwe-betaalpas-aanvraag.info/mijn/',
      `<title>Mijn ING - Nieuwe betaalpas aanvragen</title>${LOGIN}`,
    );
    expect(claimedBrands(page, final).map((brand) => brand.name)).toContain('ING');
    expect(pageStance(page, final).stance).toBe('confirms');
  });
});

describe('a bank chooser (decision 566)', () => {
  const BANKS = ['mBank', 'Santander', 'Bank Pekao', 'Alior Bank'].map((bank) => `<button>${bank}</button>`).join('');
  const PROSE =
    '<p>Kupujący opłacił Twój przedmiot. Aby otrzymać środki, wybierz swój bank i potwierdź dane. Pieniądze trafią na Twoje konto w ciągu kilku minut.</p>';

  it('beside a brand the page claims asks for the picked bank\u2019s sign-in or card', () => {
    const { page, final } = at('https://bezpieczna-dostawa-5512.xyz/oferta/', `<title>OLX.pl - Odbierz środki</title>${PROSE}${BANKS}`);
    expect(pageStance(page, final).stance).toBe('confirms');
  });

  it('alone, on a page that claims no brand, asks for nothing', () => {
    const { page, final } = at('https://porownaj-konta-7.xyz/', `<title>Porównaj konta osobiste</title>${PROSE}${BANKS}`);
    expect(pageStance(page, final).stance).not.toBe('confirms');
  });
});
