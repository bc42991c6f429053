import { describe, expect, it } from 'vitest';
import { parsePage } from '../page/page-facts.ts';
import { urlFacts } from '../url/url-facts.ts';
import { pageBrandCatalogue } from '../brand/page-brands.ts';
import { isWifiKeyInput, wifiKeyFinding, wifiKeyRequest } from './wifi-key.ts';

const page = (body: string, url = 'https://router-update.example/') => parsePage(`<html><body>${body}</body></html>`, url);
const inputs = (body: string) => page(body).forms.flatMap((form) => form.inputs);

/** A key field as kits and routers label it, one language each. */
const KEY_FIELDS: [language: string, html: string][] = [
  ['en', '<form><label for=k>WPA2 passphrase</label><input id=k type=password></form>'],
  ['de', '<form><label for=k>WLAN-Kennwort</label><input id=k type=password></form>'],
  ['fr', '<form><input type=password placeholder="Clé réseau WPA"></form>'],
  ['it', '<form><input type=password placeholder="Chiave di rete WPA"></form>'],
  ['es', '<form><input type=password placeholder="Contraseña de la red WiFi"></form>'],
  ['nl', '<form><input type=password placeholder="WiFi-wachtwoord"></form>'],
  ['pt', '<form><input type=password placeholder="Senha do Wi-Fi"></form>'],
  ['ru', '<form><input type=password placeholder="Пароль WPA"></form>'],
  ['pl', '<form><input type=password placeholder="Hasło do Wi-Fi"></form>'],
  ['tr', '<form><input type=password placeholder="Wi-Fi şifresi"></form>'],
  ['ja', '<form><input type=password placeholder="暗号化キー"></form>'],
  ['zh', '<form><input type=password placeholder="WiFi密码"></form>'],
  ['ko', '<form><input type=password placeholder="와이파이 비밀번호"></form>'],
  ['ar', '<form><input type=password placeholder="كلمة مرور الواي فاي"></form>'],
  ['code', '<form><input type=password name=wpa_psw></form>'],
];

describe('isWifiKeyInput', () => {
  it.each(KEY_FIELDS)('reads a Wi-Fi key field (%s)', (_language, html) => {
    expect(inputs(html).some(isWifiKeyInput)).toBe(true);
  });

  it('does not read an ordinary password or an e-mail field as a Wi-Fi key', () => {
    expect(
      inputs('<form><input type=email name=email><input type=password name=password placeholder="Password"></form>').some(isWifiKeyInput),
    ).toBe(false);
  });
});

describe('wifiKeyFinding', () => {
  const catalogue = pageBrandCatalogue();
  const firmware =
    '<h2>Aggiornamento firmware</h2><p>Per aggiornare il firmware inserisci la password WiFi.</p><form><input type=password name=key1></form>';

  it('rates a page asking for the key Risky on its own, more with the firmware pretext', () => {
    const plain = wifiKeyFinding(
      page('<form><input type=password placeholder="WLAN-Kennwort"></form>'),
      urlFacts('https://a.example/'),
      catalogue,
    );
    const update = wifiKeyFinding(page(firmware), urlFacts('https://a.example/'), catalogue);
    expect(plain?.risk_score).toBeGreaterThanOrEqual(60);
    expect(update?.risk_score).toBeGreaterThan(plain?.risk_score ?? 0);
    expect(update?.message).toMatch(/firmware update/);
  });

  it('reads a password field beside a network name field as a Wi-Fi form', () => {
    expect(wifiKeyRequest(page('<form><input name=ssid><input type=password name=password1></form>'))).not.toBeNull();
  });

  it('leaves a login page that mentions Wi-Fi, a help page without a field, a local router and an owner alone', () => {
    const login = page('<p>Free Wi-Fi in all our stores.</p><form><input type=email><input type=password></form>');
    const help = page('<h1>How to find your WiFi password</h1><p>The WPA key is on the sticker under your router.</p>');
    expect(wifiKeyFinding(login, urlFacts('https://shop.example/'), catalogue)).toBeUndefined();
    expect(wifiKeyFinding(help, urlFacts('https://help.example/'), catalogue)).toBeUndefined();
    expect(wifiKeyFinding(page(firmware), urlFacts('http://192.168.1.1/'), catalogue)).toBeUndefined();
    // A provider's customer pages on its own domain, where a signed-in customer sets a new key.
    expect(catalogue.byDomain.has('telekom.de')).toBe(true);
    expect(wifiKeyFinding(page(firmware), urlFacts('https://kundencenter.telekom.de/'), catalogue)).toBeUndefined();
  });
});

describe('a device "update" asking for a password', () => {
  const catalogue = pageBrandCatalogue();
  const UPDATES: [language: string, html: string][] = [
    ['en', '<h1>Your camera needs an important update</h1><form><label for=p>Password</label><input id=p type=password></form>'],
    ['en', '<title>Firmware Update</title><form><input type=password placeholder=Password></form>'],
    ['de', '<h1>Ihr Router benötigt ein wichtiges Update</h1><form><input type=password placeholder=Passwort></form>'],
    ['fr', '<h1>Votre box nécessite une mise à jour</h1><form><input type=password placeholder="Mot de passe"></form>'],
  ];

  it.each(UPDATES)('reads the lone password of a device update as the Wi-Fi key (%s)', (_language, html) => {
    expect(wifiKeyFinding(page(html), urlFacts('https://a.example/'), catalogue)?.risk_score).toBeGreaterThanOrEqual(60);
  });

  it('leaves a sign-in page that mentions a firmware update alone: it asks for an account', () => {
    const support = page(
      '<h1>Firmware update downloads</h1><p>Sign in to download the firmware update.</p><form><input type=email name=email><input type=password name=password></form>',
    );
    expect(wifiKeyFinding(support, urlFacts('https://support.example/'), catalogue)).toBeUndefined();
  });
});

describe('a provider page that sets a new key', () => {
  it('is a note below Risky, not phishing', () => {
    const settings = page(
      '<h1>WLAN-Einstellungen</h1><form><input name=ssid value=Heimnetz><label for=k>Neues WLAN-Kennwort</label><input id=k type=password autocomplete=new-password></form>',
    );
    expect(wifiKeyFinding(settings, urlFacts('https://kundenportal.example/'), pageBrandCatalogue())?.risk_score).toBeLessThan(40);
  });
});

describe('a key field only the page\u2019s script writes in', () => {
  // wifiphisher's "connect to Wi-Fi" dialog: drawn by script for the visitor's system; a template
  // left unfilled breaks the script, so the browser draws no field at all.
  const dialog = `<h1>There is no Internet connection</h1><script>
    var mac = '<form method="post" action="/post"><strong>The Wi-Fi network requires a password.</strong>' +
      '<label>Password: </label><input type="password" id="wifi-password" name="wfphshr-wpa-password"/></form>';
    {% for ap in APs %} {% end %}
  </script>`;

  it('is read as asking for the Wi-Fi key', () => {
    expect(wifiKeyFinding(page(dialog), urlFacts('https://a.example/'), pageBrandCatalogue())?.risk_score).toBeGreaterThanOrEqual(60);
  });

  it('needs the field to be named for the key: a scripted sign-in is not a key request', () => {
    const signIn = `<script>var f = '<form><input type="email" name="email"><input type="password" name="password"></form>';</script>`;
    expect(wifiKeyRequest(page(signIn))).toBeNull();
  });
});
