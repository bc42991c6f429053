import { describe, expect, it } from 'vitest';
import { html, messageOf, runCheck, scoreOf } from '../testing/check-harness.ts';
import { pageContentCheck } from './page-content.ts';

const PASSWORD = '<form method="post"><input type="password" name="pass"><button>OK</button></form>';
const check = (url: string, body: string, title: string) => runCheck(pageContentCheck, { url, html: html(body, title) });
const impersonation = (url: string, body: string, title: string) => {
  const category = check(url, body, title);
  return { score: scoreOf(category, 'page_brand_impersonation'), message: messageOf(category, 'page_brand_impersonation') ?? '' };
};

describe('internet boxes, routers and services by the names their pages show', () => {
  it.each([
    ['Identification Espace abonné Freebox', 'Votre mot de passe', /Free/],
    ['Livebox', 'Mot de passe administrateur', /Orange/],
    ['Bbox', 'Modification du mot de passe', /Bouygues Telecom/],
    ['FRITZ!Box', 'Bitte melden Sie sich an', /AVM/],
    ['Speedport Smart 4', 'Gerätepasswort', /Telekom/],
    ['Vodafone Station', 'Passwort', /Vodafone/],
    ['Modem Telecom Italia', 'Password', /TIM/],
    ['TP-Link Wireless Router', 'Password', /TP-Link/],
    ['NETGEAR Router', 'Password', /NETGEAR/],
    ['ASUS Router', 'Password', /ASUS/],
    ['Linksys Smart Wi-Fi', 'Password', /Linksys/],
    ['D-Link', 'Пароль', /D-Link/],
    ['Djaweb Login', 'Mot de passe', /Algérie Télécom/],
    ['Mijn Telenet', 'Wachtwoord', /Telenet/],
    ['LINEにログイン', 'パスワード', /LINE/],
    ['Sign In: Sony Entertainment Network', 'Password', /PlayStation/],
    ['Log in to Vimeo', 'Password', /Vimeo/],
    ['Free email accounts | Register today at mail.com', 'Password', /mail\.com/],
    ['Login NOSID Portal', 'Iniciar Sessão', /NOS/],
    ['DB Navigator', 'Anmelden', /Deutsche Bahn/],
    ['Log In - Stack Overflow', 'Log in', /Stack Overflow/],
    ['Sign in to Badoo', 'Please enter your sign in details.', /Badoo/],
  ])('reads "%s" asking for a password on a stranger\u2019s host as that brand', (title, heading, brand) => {
    const { score, message } = impersonation('https://linden-vale-50.net/', `<h1>${heading}</h1>${PASSWORD}`, title);
    expect(score, message).toBeGreaterThanOrEqual(90);
    expect(message).toMatch(brand);
  });

  it('leaves the box and service pages to their owners on their own domains', () => {
    for (const [url, title] of [
      ['https://subscribe.free.fr/login/', 'Identification Espace abonné Freebox'],
      ['https://www.mail.com/', 'Free email accounts | Register today at mail.com'],
      ['https://vimeo.com/log_in', 'Log in to Vimeo'],
      ['https://account.sonyentertainmentnetwork.com/login', 'Sign In: Sony Entertainment Network'],
      ['http://tplinkwifi.net/', 'TP-Link Wireless Router'],
      ['https://login.nos.pt/', 'Login NOSID Portal'],
      ['https://www.bahn.de/', 'DB Navigator'],
      ['https://stackoverflow.com/users/login', 'Log In - Stack Overflow'],
      ['https://badoo.com/signin', 'Sign in to Badoo'],
    ] as const) {
      expect(impersonation(url, `<h1>${title}</h1>${PASSWORD}`, title).score, url).toBe(0);
    }
  });

  it('takes a router\u2019s own login page on the local network for its own, not a kit', () => {
    for (const url of ['http://192.168.178.1/', 'http://fritz.box/']) {
      const category = check(url, `<h1>Willkommen bei Ihrer FRITZ!Box</h1>${PASSWORD}`, 'FRITZ!Box');
      expect(scoreOf(category, 'page_brand_impersonation'), url).toBeLessThanOrEqual(5);
    }
  });

  it('does not read everyday words near those names as the brands', () => {
    for (const title of [
      'Orange juice club',
      'Free delivery',
      'Line dancing class',
      'Tim Berger Fotografie',
      'Surfboard rental',
      'Nos produits',
      'Die Bahn kommt',
    ]) {
      expect(impersonation('https://club.example/', `<h1>${title}</h1>${PASSWORD}`, title).score, title).toBeLessThan(20);
    }
  });
});
