import type { FormInput, PageFacts } from '../page/page-facts.ts';
import { lexiconPattern } from '../page/lexicon/lexicon.ts';
import { allInputs, askingText, isIdentifierInput, isPasswordInput } from '../page/sensitive-inputs.ts';
import { isLocalAddress } from '../url/local-address.ts';
import type { UrlFacts } from '../url/url-facts.ts';
import type { BrandCatalogue } from '../brand/brand-catalogue.ts';
import type { Finding } from './check.ts';

const WIFI_KEY = lexiconPattern('wifiKey');
const FIRMWARE_UPDATE = lexiconPattern('firmwareUpdate');
/** Names routers' own forms give the key (`wpa_psw`, `wlan_key`, `psk`, `key1`). */
const KEY_NAME = /\b(?:wpa\w*|psk\w*|wlan\w*|wifi\w*|wireless\w*|passphrase|key\d?)\b/i;
/** The network name: a form that sets a network's name and key together is a Wi-Fi form. */
const SSID_NAME = /\bssid\b/i;

const spaced = (input: FormInput) => `${input.name.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/[_\-.[\]]+/g, ' ')}`;

/**
 * Whether a field asks for a Wi-Fi key: a password-like input (or one named for the key) whose own
 * label or placeholder names the wireless key in any language, or that is named `wpa_psk`, `key1`.
 */
export function isWifiKeyInput(input: FormInput): boolean {
  const secretLike = isPasswordInput(input) || KEY_NAME.test(spaced(input));
  if (!secretLike) return false;
  return WIFI_KEY.test(`${input.label} ${input.placeholder}`) || (isPasswordInput(input) && KEY_NAME.test(spaced(input)));
}

/**
 * What a page asks for its Wi-Fi key with: a key field (in the page or written in by its script), or a password field beside key wording or a
 * network name, or the only thing a device's "firmware update" asks for: a password with no account
 * name (a router or a camera has no account to sign in to; the password it wants is the network's).
 */
export function wifiKeyRequest(page: PageFacts): { fields: number; pretext: boolean; settingNew: boolean } | null {
  const inputs = allInputs(page);
  // A key field the page's script writes in asks too (wifiphisher draws the dialog of the visitor's
  // system, and a broken template leaves none drawn): there only the field's own name or caption counts.
  const scriptedKeys = page.scriptedInputs.filter(isWifiKeyInput);
  const passwords = inputs.filter(isPasswordInput);
  if (passwords.length === 0 && scriptedKeys.length === 0) return null;
  const keyed = [...inputs.filter(isWifiKeyInput), ...scriptedKeys];
  const text = askingText(page);
  const pretext = FIRMWARE_UPDATE.test(text);
  const accountless = !inputs.some(isIdentifierInput);
  const beside = WIFI_KEY.test(text) || inputs.some((input) => SSID_NAME.test(input.name)) || (pretext && accountless);
  if (keyed.length === 0 && !beside) return null;
  const fields = keyed.length > 0 ? keyed : passwords;
  // A provider's settings page marks the key it lets a signed-in customer choose as a new one.
  const settingNew = fields.every((input) => input.autocomplete.includes('new-password'));
  return { fields: fields.length, pretext, settingNew };
}

/**
 * A web page asking for the key of your Wi-Fi network. No site on the internet needs it: the kits
 * that ask (captive portals dressed as a router's firmware update) hand it to whoever sits outside
 * the house. A router's own pages answer on a local address, and a provider's customer pages on the
 * provider's own domain are the owner's, so neither counts. A form that sets a new key (`autocomplete=new-password`,
 * as a provider's customer pages mark it) on a domain we do not know is only a note: it asks nothing it could steal.
 */
export function wifiKeyFinding(page: PageFacts, final: UrlFacts, catalogue: BrandCatalogue): Finding | undefined {
  if (isLocalAddress(final)) return undefined;
  if (final.registrableDomain && catalogue.byDomain.has(final.registrableDomain)) return undefined;
  const request = wifiKeyRequest(page);
  if (!request) return undefined;
  if (request.settingNew && !request.pretext) {
    return {
      risk_score: 30,
      message: 'The page lets you choose a new Wi-Fi key. Only your provider\u2019s own site or your router should.',
    };
  }
  const pretext = request.pretext ? ', presented as a router firmware update' : '';
  return {
    risk_score: request.pretext ? 85 : 75,
    message: `The page asks for your Wi-Fi network's key${pretext}. No website ever needs it: whoever gets it can join your home network.`,
  };
}
