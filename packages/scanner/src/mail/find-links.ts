import { Parser } from 'htmlparser2';
import { hostParts } from '../url/host-parts.ts';
import { normalizeScanUrl } from '@riskscan/contracts';
import { refang } from '../url/refang.ts';
import { unwrapRedirect } from '../url-knowledge/redirect-wrappers.ts';

/** A link as written in a part of the message, before it is judged. */
export type FoundLink = { url: string; displayText: string | null; mismatch: boolean };

/** An HTML form: where it sends what is typed, and whether it asks for a password. */
export type FoundForm = { action: string | null; hasPassword: boolean };

// The usual ways analysts and gateways "defang" addresses so that nobody clicks them by mistake.
const DEFANG_MARK = /hxxp|h\[tt\]p|\[(?:\.|dot|:|:\/\/)\]|\((?:\.|dot)\)|\{(?:\.|dot)\}/i;

// Every pattern here runs on text an attacker writes, so each is linear in its input: no
// quantified group that can match the same characters two ways, nothing unanchored that
// re-scans a run for every start position (`aa.aa.aa…` once took 14 s).
const URL_PATTERN = /\b(?:https?:\/\/|www\.)[^\s<>"'`{}|\\^[\]]+/gi;
const TRAILING_PUNCTUATION = new Set('.,;:!?)]}>\'"');

function withoutTrailingPunctuation(text: string): string {
  let end = text.length;
  while (end > 0 && TRAILING_PUNCTUATION.has(text[end - 1]!)) end--;
  return text.slice(0, end);
}

function isLabel(label: string): boolean {
  if (label === '' || label.startsWith('-') || label.endsWith('-')) return false;
  for (let i = 0; i < label.length; i++) {
    const code = label.charCodeAt(i) | 0x20;
    if (!((code >= 0x61 && code <= 0x7a) || (label[i]! >= '0' && label[i]! <= '9') || label[i] === '-')) return false;
  }
  return true;
}

/** `bank.example`: labels of letters, digits and inner hyphens, and a top-level label of two letters or more. */
function isHostName(host: string): boolean {
  const labels = host.split('.');
  const top = labels[labels.length - 1]!;
  return labels.length >= 2 && labels.every(isLabel) && top.length >= 2 && /^[a-z]+$/i.test(top);
}

/** A bare host with an optional port and path, accepted only where the writer defanged it (so it was meant as a link). */
function isBareHostLink(text: string): boolean {
  let end = 0;
  while (end < text.length && !'/?#'.includes(text[end]!)) end++;
  if (/\s/.test(text.slice(end))) return false;
  const authority = text.slice(0, end);
  const colon = authority.indexOf(':');
  if (colon !== -1 && !/^\d+$/.test(authority.slice(colon + 1))) return false;
  return isHostName(colon === -1 ? authority : authority.slice(0, colon));
}

/**
 * The web address a candidate names, normalised, and unwrapped when it is a click-through wrapper
 * (a search engine's redirect, Safe Links, URL Defense, a click tracker): a link is judged as where
 * it leads. Null for other schemes and non-addresses.
 */
export function webAddress(candidate: string): string | null {
  const trimmed = withoutTrailingPunctuation(candidate.trim());
  if (trimmed === '' || /^(?:mailto|tel|sms|javascript|data|cid|file):/i.test(trimmed)) return null;
  const normalized = normalizeScanUrl(trimmed);
  if (!normalized.ok || !normalized.url.hostname.includes('.')) return null;
  return (unwrapRedirect(normalized.url) ?? normalized.url).href;
}

/** Web addresses written out in plain text, defanged ones included, in order of appearance. */
export function linksInText(text: string): string[] {
  const found: string[] = [];
  for (const match of refang(text).matchAll(URL_PATTERN)) {
    const url = webAddress(match[0]);
    if (url) found.push(url);
  }
  for (const token of text.split(/\s+/)) {
    if (!DEFANG_MARK.test(token)) continue;
    const plain = withoutTrailingPunctuation(refang(token));
    if (/^https?:\/\//i.test(plain) || /^www\./i.test(plain) || !isBareHostLink(plain)) continue;
    const url = webAddress(plain);
    if (url) found.push(url);
  }
  return [...new Set(found)];
}

/** The host a link's visible text shows, if it shows one: `www.bank.com`, `https://bank.com/login`. */
export function hostShownIn(text: string): string | null {
  // Runs of host characters, each tried once: the first one that is a host name and ends the
  // text or is followed by a path, port, query or space.
  const refanged = refang(text.trim());
  let start = 0;
  while (start < refanged.length) {
    let end = start;
    while (end < refanged.length && /[a-z0-9.-]/i.test(refanged[end]!)) end++;
    if (end > start) {
      const next = refanged[end];
      let last = end;
      while (last > start && refanged[last - 1] === '.') last--;
      const candidate = refanged.slice(start, last);
      if ((next === undefined || '/:?#'.includes(next) || /\s/.test(next)) && isHostName(candidate)) return candidate.toLowerCase();
      start = end;
    } else start++;
  }
  return null;
}

/**
 * The text names a host and the link opens a host of another registrable domain: the classic
 * "text says bank.com, link goes elsewhere". `www.bank.com` shown for `bank.com` is not one.
 */
export function shownHostDiffers(displayText: string, url: string): boolean {
  const shown = hostShownIn(displayText);
  if (!shown) return false;
  const target = new URL(url).hostname;
  const shownDomain = hostParts(shown).domain ?? shown;
  const targetDomain = hostParts(target).domain ?? target;
  return shownDomain !== targetDomain;
}

const WHITESPACE = /\s+/g;

export type HtmlLinks = { links: FoundLink[]; forms: FoundForm[]; text: string; images: string[] };

/**
 * Links of an HTML part: `a` and `area` hrefs with the text shown for them, form actions,
 * refresh targets, addresses written out in the visible text, and `data:` images (QR codes are
 * often inlined that way). Nothing here is rendered; the parser only reads.
 */
export function linksInHtml(html: string): HtmlLinks {
  const links: FoundLink[] = [];
  const forms: FoundForm[] = [];
  const images: string[] = [];
  const textChunks: string[] = [];
  let anchor: { href: string; text: string[] } | null = null;
  let form: FoundForm | null = null;
  let skipDepth = 0;

  const addLink = (href: string, displayText: string | null) => {
    const url = webAddress(href);
    if (!url) return;
    const shown = displayText?.replace(WHITESPACE, ' ').trim() || null;
    links.push({ url, displayText: shown, mismatch: shown !== null && shownHostDiffers(shown, url) });
  };

  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === 'script' || name === 'style' || name === 'title') skipDepth += 1;
        if (name === 'a' && attributes.href) {
          if (anchor) addLink(anchor.href, anchor.text.join(''));
          anchor = { href: attributes.href, text: [] };
        }
        if (name === 'area' && attributes.href) addLink(attributes.href, attributes.alt ?? null);
        if (anchor && name === 'img' && attributes.alt) anchor.text.push(` ${attributes.alt} `);
        if (name === 'img' && attributes.src?.startsWith('data:image/')) images.push(attributes.src);
        if (name === 'form') {
          form = { action: attributes.action ? webAddress(attributes.action) : null, hasPassword: false };
          forms.push(form);
          if (form.action) links.push({ url: form.action, displayText: null, mismatch: false });
        }
        if (name === 'input' && form && attributes.type?.toLowerCase() === 'password') form.hasPassword = true;
        if (name === 'meta' && attributes['http-equiv']?.toLowerCase() === 'refresh' && attributes.content) {
          const target = /url\s*=\s*['"]?([^'"\s]+)/i.exec(attributes.content);
          if (target) addLink(target[1]!, null);
        }
        if (name === 'br' || name === 'p' || name === 'div' || name === 'td' || name === 'li') textChunks.push(' ');
      },
      ontext(text) {
        if (skipDepth > 0) return;
        textChunks.push(text);
        if (anchor) anchor.text.push(text);
      },
      onclosetag(name) {
        if (name === 'script' || name === 'style' || name === 'title') skipDepth = Math.max(0, skipDepth - 1);
        if (name === 'a' && anchor) {
          addLink(anchor.href, anchor.text.join(''));
          anchor = null;
        }
        if (name === 'form') form = null;
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  if (anchor) addLink((anchor as { href: string }).href, (anchor as { text: string[] }).text.join(''));
  return { links, forms, text: textChunks.join(''), images };
}
