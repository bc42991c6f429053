/**
 * Pages reconstructed for the page model: what kits and honest sites show, written here from how
 * they are built (no page copied from any phishing list). Phishing pages that no single rule calls
 * (a branded lure landing page whose form is one click away, a thin kit whose form leaves the
 * site) and honest pages with the same medium signals (articles about a brand's outage, reminders,
 * logins over http, shops, newsletters), in every language we sell in.
 */
export interface ReconstructedPage {
  kind: string;
  label: 0 | 1;
  url: string;
  html: string;
}

const LURES: Record<string, [pretext: string, deadline: string, button: string]> = {
  en: ['Your account has been suspended', 'Verify within 24 hours to avoid suspension.', 'Continue'],
  de: ['Ihr Konto wurde gesperrt', 'Bitte innerhalb von 48 Stunden bestätigen.', 'Weiter'],
  fr: ['Votre compte a été suspendu', 'Confirmez sous 48h pour éviter la suspension.', 'Continuer'],
  it: ['Il tuo conto è stato sospeso', 'Conferma entro 24 ore.', 'Continua'],
  es: ['Su cuenta ha sido suspendida', 'Confirme en las próximas 48 horas.', 'Continuar'],
  nl: ['Uw account is geblokkeerd', 'Bevestig binnen 24 uur.', 'Doorgaan'],
  pt: ['A sua conta foi suspensa', 'Confirme nas próximas 24 horas.', 'Continuar'],
};
const BRANDS = [
  'PayPal',
  'Microsoft',
  'DHL',
  'Netflix',
  'Swiss Post',
  'Poste Italiane',
  'DigiD',
  'Correos',
  'myGov',
  'E-ZPass',
  'Ledger',
  'ELSTER',
];
const slug = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '');
const doc = (title: string, body: string, lang = 'en') =>
  `<!DOCTYPE html><html lang="${lang}"><head><meta charset="utf-8"><title>${title}</title></head><body>${body}</body></html>`;
const thirdParty = Array.from({ length: 9 }, (_, index) => `<script src="https://cdn${index}.kit-assets.example/lib.js"></script>`).join(
  '',
);

function phishing(): ReconstructedPage[] {
  const pages: ReconstructedPage[] = [];
  BRANDS.forEach((brand, index) => {
    const [language, [pretext, deadline, button]] = Object.entries(LURES)[index % 7]!;
    const host = `${slug(brand)}-secure-${index}.example-kit.net`;
    pages.push({
      kind: 'lure landing page',
      label: 1,
      url: `https://${host}/notice`,
      html: doc(`${brand}`, `<h1>${pretext}</h1><p>${deadline}</p><a href="/step2">${button}</a>${thirdParty}`, language),
    });
    pages.push({
      kind: 'thin kit (form leaves the site)',
      label: 1,
      url: `https://verify-${index}.example-kit.org/`,
      html: doc(
        `${brand}`,
        `<h1>${pretext}</h1><p>${deadline}</p><form action="https://collect-${index}.example-drop.ru/in" method="post"><input name="q"><button>${button}</button></form>`,
        language,
      ),
    });
  });
  return pages;
}

function honest(): ReconstructedPage[] {
  const pages: ReconstructedPage[] = [];
  BRANDS.forEach((brand, index) => {
    const [language, [pretext, deadline]] = Object.entries(LURES)[index % 7]!;
    pages.push({
      kind: 'article about a brand',
      label: 0,
      url: `https://tech-weekly-${index}.com/story`,
      html: doc(
        `${brand} users locked out – Tech Weekly ${index}`,
        `<h1>${brand}: "${pretext}"</h1><p>Readers report the message "${deadline}" Do not click links in such messages.</p>${thirdParty}<form action="https://list.example-mail.com/subscribe"><input type="email" name="email"><button>Subscribe</button></form>`,
        language,
      ),
    });
    pages.push({
      kind: 'honest login on its own domain',
      label: 0,
      url: `https://portal.client-${index}.example-firm.ch/login`,
      html: doc(
        `Client ${index} Portal`,
        `<h1>Sign in</h1><form action="/login" method="post"><input name="user"><input type="password" name="pw"><button>Sign in</button></form>`,
        language,
      ),
    });
    pages.push({
      kind: 'honest login over http',
      label: 0,
      url: `http://members.club-${index}.example-club.org/login`,
      html: doc(
        `Club ${index} members`,
        `<h1>Members</h1><form action="/login" method="post"><input name="user"><input type="password" name="pw"><button>Log in</button></form>`,
        language,
      ),
    });
    pages.push({
      kind: 'honest checkout',
      label: 0,
      url: `https://shop-${index}.example-store.com/checkout`,
      html: doc(
        `Checkout – Store ${index}`,
        `<h1>Checkout</h1><form action="/pay"><input name="cardnumber"><input name="exp"><input name="cvv"><button>Pay</button></form>${thirdParty}<a href="/imprint">Imprint</a>`,
        language,
      ),
    });
    pages.push({
      kind: 'honest payment reminder',
      label: 0,
      url: `https://billing.utility-${index}.example-energy.de/reminder`,
      html: doc(
        `Utility ${index}`,
        `<h1>Reminder</h1><p>Your invoice is overdue. Please pay within 24 hours to avoid a late fee. Log in to your account to pay.</p><a href="/login">Log in</a>`,
        language,
      ),
    });
  });
  return pages;
}

export const RECONSTRUCTED: readonly ReconstructedPage[] = [...phishing(), ...honest()];
