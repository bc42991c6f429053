import { NEEDS_PAGE } from './check-needs.ts';
import type { Collected } from '../collect/collected.ts';
import { isDownloadedByFrame, isExecutableFile, isProgramDownload } from '../page/file-types.ts';
import type { PageFacts } from '../page/page-facts.ts';
import type { ScriptCorpus } from '../page/revealed-code.ts';
import { findScriptRedirect } from '../page/script-redirect.ts';
import { allInputs, isSeedPhraseInput } from '../page/sensitive-inputs.ts';
import { siteOf, type UrlFacts } from '../url/url-facts.ts';
import { defineCheck, type Finding } from './check.ts';
import { giveawayScamFinding } from './giveaway-scam.ts';
import {
  appConsentFinding,
  browserInBrowserFinding,
  deviceCodeFinding,
  documentViewerFinding,
  LURE_KIND_DETAILS,
  walletConnectFinding,
} from './lure-kinds.ts';
import { lexiconPattern } from '../page/lexicon/lexicon.ts';
import { ownersPage } from './page-claims.ts';
import { walletSigningCalls } from './wallet-connect.ts';

const DETAILS = [
  {
    name: 'page_obfuscated_script',
    title: 'Obfuscated script',
    background_info: 'Looks for code that hides itself: eval of decoded strings, packed code, long encoded blobs, generated identifiers.',
    explanation:
      'Honest sites minify code but rarely encrypt it; kits obfuscate to slip past scanners and hide redirects or stolen-data uploads.',
    clean: 'The page\u2019s scripts are not obfuscated.',
  },
  {
    name: 'page_anti_inspection',
    title: 'Blocks right-click or developer tools',
    background_info: 'Looks for code that disables the context menu, text selection, view-source shortcuts or developer tools.',
    explanation: 'Scam pages stop visitors and researchers from inspecting them; legitimate sites gain nothing from it.',
    clean: 'The page does not block inspection.',
  },
  {
    name: 'page_fake_captcha',
    title: 'Fake CAPTCHA with paste instructions',
    background_info:
      'Looks for "verify you are human" pages that copy a command to the clipboard and tell you to paste it into Run or a terminal.',
    explanation: 'No real CAPTCHA asks you to press Win+R or open a terminal: pasting the command installs malware ("ClickFix").',
    clean: 'The page does not ask you to paste commands.',
  },
  {
    name: 'page_fake_update',
    title: 'Fake update prompt',
    background_info: 'Looks for messages that your browser, player or plugin is outdated together with a download.',
    explanation: 'Browsers update themselves; a web page offering a browser or plugin update is delivering malware.',
    clean: 'The page shows no update lure.',
  },
  {
    name: 'page_crypto_drainer',
    title: 'Crypto wallet drainer',
    background_info: 'Looks for wallet-connection code that requests token approvals or transfers, and for recovery-phrase forms.',
    explanation:
      'Drainer kits get a wallet to sign unlimited approvals or transfers, or ask for the recovery phrase, and then empty the wallet.',
    clean: 'The page shows no wallet-draining code.',
  },
  {
    name: 'page_auto_download',
    title: 'Automatic download of a program',
    background_info: 'Looks for pages that start downloading an executable file or archive without a click.',
    explanation: 'Drive-by downloads hand you malware with a convincing file name; a page should never download programs on its own.',
    clean: 'The page does not download programs on its own.',
  },
  {
    name: 'page_tech_support_scam',
    title: 'Fake virus alert and support number',
    background_info: 'Looks for fake security warnings combined with a phone number to call and screen-locking tricks.',
    explanation:
      'Real security software never asks you to call a number from a web page; the "support" agents charge for fake repairs or take over the computer.',
    clean: 'The page shows no fake virus alert.',
  },
  {
    name: 'page_giveaway_scam',
    title: 'Giveaway or investment scam',
    background_info:
      'Looks for promises to double the coins you send, guaranteed or daily returns, wallet addresses to deposit into and countdowns.',
    explanation:
      'No one gives back twice what you send and no investment guarantees daily profits: coins sent to such an address are gone for good.',
    clean: 'The page makes no giveaway or investment promises.',
  },
  ...LURE_KIND_DETAILS,
] as const;

type Name = (typeof DETAILS)[number]['name'];

function count(pattern: RegExp, text: string): number {
  return text.match(new RegExp(pattern.source, pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`))?.length ?? 0;
}

/**
 * A `\x..` escape of a letter or digit: obfuscators write words so (`'\x65\x76\x61\x6c'`). Escapes
 * of spaces, slashes and angle brackets (`\x20`, `\x2F`, `\x3C`) are what a server writes when it
 * puts its state into a page's script safely (netflix.reactContext = {"layout":"components\x2Flogin"}):
 * they hide nothing.
 */
const ESCAPED_WORD_CHARACTER = /\\x(?:3[0-9]|4[1-9a-f]|5[0-9a]|6[1-9a-f]|7[0-9a])/i;
/** Fewer decoded characters than this written by `document.write(unescape('…'))` hide nothing: a frame-buster's '%3C%73'. */
const MIN_HIDDEN_HTML = 16;

/**
 * True when a script writes HTML it decodes at run time (`document.write(atob(…))`), unless what
 * it decodes is a literal too short to hide anything (`document.write(unescape('%3C%73') + 'tyle…')`,
 * a sign-in page's frame-busting style).
 */
function writesDecodedHtml(raw: string): boolean {
  const writes = raw.matchAll(/document\s*\.\s*write(?:ln)?\s*\(\s*(?:atob|unescape|decodeURIComponent)\s*\(\s*(?:(['"])(.*?)\1\s*\))?/g);
  return [...writes].some((write) => write[1] === undefined || decodedLength(write[2] ?? '') >= MIN_HIDDEN_HTML);
}

/** Characters a percent-, or base64-encoded literal decodes to, about. */
function decodedLength(literal: string): number {
  return /%[0-9a-f]{2}/i.test(literal) ? literal.replace(/%[0-9a-f]{2}/gi, '_').length : Math.floor((literal.length * 3) / 4);
}

/** Below this, a sign is one a build tool leaves too: escaped strings, an inlined image. */
const PACKER_SIGN = 45;

/**
 * Obfuscation signs in the page's scripts. On a brand's own page on its own domain (`ownersPage`)
 * the weak signs alone are its build's output, not a disguise: a large site's escaped server
 * state and inlined images are what its sign-in page ships.
 */
function obfuscationFinding(scripts: ScriptCorpus, final: UrlFacts, ownersOwnPage: boolean): Finding | undefined {
  const raw = scripts.raw;
  const signs: { score: number; what: string }[] = [];
  if (/eval\s*\(\s*function\s*\(\s*p\s*,\s*a\s*,\s*c\s*,\s*k\s*,\s*e\s*,\s*[rd]\s*\)/.test(raw))
    signs.push({ score: 55, what: 'packed (p,a,c,k,e,d) code' });
  if (/\b(?:eval|Function)\s*\(\s*(?:window\s*\.\s*)?(?:atob|unescape|decodeURIComponent|String\.fromCharCode)\s*\(/.test(raw)) {
    signs.push({ score: 55, what: 'code decoded and evaluated at run time' });
  }
  if (writesDecodedHtml(raw)) signs.push({ score: 50, what: 'HTML decoded and written at run time' });
  if (count(/\b_0x[0-9a-f]{4,}\b/, raw) >= 10) signs.push({ score: 45, what: 'generated _0x… identifiers (javascript-obfuscator)' });
  if (count(ESCAPED_WORD_CHARACTER, raw) >= 60 || count(/String\.fromCharCode/, raw) >= 5)
    signs.push({ score: 30, what: 'character-code escaped strings' });
  if (/[A-Za-z0-9+/=]{400,}/.test(raw)) signs.push({ score: 25, what: 'a long encoded string' });
  if (signs.length === 0) return undefined;
  if (ownersOwnPage && signs.every((sign) => sign.score < PACKER_SIGN)) return undefined;

  const hidden = scripts.revealed
    .map((text) => findScriptRedirect([{ src: null, inline: text }], final.href))
    .find((target) => target !== null);
  if (hidden && siteOf(hidden) !== siteOf(final)) {
    return {
      risk_score: 75,
      message: `Obfuscated code (${signs.map((sign) => sign.what).join(', ')}) hides a redirect to ${new URL(hidden).host}.`,
    };
  }
  const strongest = Math.max(...signs.map((sign) => sign.score));
  return {
    risk_score: Math.min(65, strongest + (signs.length - 1) * 5),
    message: `The page\u2019s scripts use ${signs.map((sign) => sign.what).join(', ')}.`,
  };
}

function antiInspectionFinding(page: PageFacts, scripts: ScriptCorpus): Finding | undefined {
  const code = scripts.all;
  const contextMenu =
    page.handlers.some(
      (handler) => /^on(contextmenu|selectstart|dragstart|copy)$/.test(handler.event) && /return\s+false|preventDefault/.test(handler.code),
    ) ||
    /addEventListener\s*\(\s*["'](?:contextmenu|selectstart|copy)["'][\s\S]{0,200}?preventDefault/.test(code) ||
    /oncontextmenu\s*=\s*(?:function|\(\)|["']?return false)/.test(code);
  const devTools =
    /keyCode\s*={2,3}\s*123|key\s*={2,3}\s*["']F12["']|which\s*={2,3}\s*123/.test(code) ||
    /ctrlKey[\s\S]{0,60}shiftKey[\s\S]{0,60}(?:73|74|67|["'][IJC]["'])/.test(code) ||
    /ctrlKey[\s\S]{0,40}(?:85|["'][uU]["'])/.test(code) ||
    /setInterval\s*\([\s\S]{0,80}\bdebugger\b/.test(code) ||
    /outerWidth\s*-\s*(?:window\s*\.\s*)?innerWidth\s*>\s*\d{2,3}/.test(code);
  if (devTools)
    return {
      risk_score: 35,
      message: `The page blocks developer tools or view-source shortcuts${contextMenu ? ' and the context menu' : ''}.`,
    };
  if (contextMenu) return { risk_score: 20, message: 'The page disables right-click, copying or text selection.' };
  return undefined;
}

const COMMAND =
  /powershell|pwsh|cmd(?:\.exe)?\s+\/c|mshta|rundll32|regsvr32|certutil|bitsadmin|wscript|cscript|curl\s+[^\n]*\|\s*(?:ba|z)?sh|Invoke-Expression|\biex\b|-enc(?:odedcommand)?\s/i;

/** Lure pages are a box of steps; an article about ClickFix quoting the same steps is far longer. */
const LURE_PAGE_LENGTH = 2000;

const RUN_COMMAND = lexiconPattern('runCommand');
const HUMAN_CHECK = lexiconPattern('humanCheck');

function fakeCaptchaFinding(page: PageFacts, scripts: ScriptCorpus): Finding | undefined {
  const text = `${page.title} ${page.prose}`;
  const runInstructions =
    RUN_COMMAND.test(text) ||
    /(?:win(?:dows)?(?:\s*key|\s*logo key|\s*button)?|⊞)\s*\+\s*r\b/i.test(text) ||
    /\b(?:cmd|command)\s*\+\s*space\b[\s\S]{0,80}terminal/i.test(text) ||
    /open (?:the )?(?:run dialog|terminal|powershell|command prompt)/i.test(text) ||
    /paste[^.]{0,40}\b(?:into|in) (?:the )?(?:run (?:dialog|box|window)|terminal|powershell|command prompt)/i.test(text);
  const pasteInstructions = /(?:ctrl|strg|cmd|⌘)\s*\+\s*v\b/i.test(text) || /\bpaste\b/i.test(text);
  const humanCheck = HUMAN_CHECK.test(text);
  const clipboardWrite = /navigator\s*\.\s*clipboard\s*\.\s*writeText|execCommand\s*\(\s*["']copy["']/.test(scripts.all);
  const commandInCode = COMMAND.test(scripts.all);

  if (clipboardWrite && commandInCode && (runInstructions || pasteInstructions)) {
    return { risk_score: 95, message: 'The page copies a command to your clipboard and tells you to paste it into Run or a terminal.' };
  }
  if (runInstructions && pasteInstructions && humanCheck && page.prose.length <= LURE_PAGE_LENGTH) {
    return { risk_score: 85, message: 'A fake "verify you are human" step tells you to open Run or a terminal and paste something.' };
  }
  if (clipboardWrite && commandInCode) return { risk_score: 70, message: 'The page silently copies a system command to the clipboard.' };
  return undefined;
}

function executableLinks(page: PageFacts): string[] {
  return page.anchors
    .filter((anchor) => isExecutableFile(anchor.href) || (anchor.download && isProgramDownload(anchor.href)))
    .map((anchor) => anchor.href);
}

/** A download's file name: the browser records bare names (`ChromeSetup.exe`), links are addresses. */
function fileName(fileOrAddress: string): string {
  return (URL.canParse(fileOrAddress) ? new URL(fileOrAddress).pathname : fileOrAddress).split('/').pop() ?? fileOrAddress;
}

function fakeUpdateFinding(page: PageFacts, downloads: readonly string[]): Finding | undefined {
  const text = `${page.title} ${page.text}`;
  const lure =
    /\b(?:browser|chrome|firefox|edge|safari|opera|flash(?: player)?|java|media player|video codec|plugin)\b[^.]{0,60}\b(?:out of date|outdated|is not up to date|update (?:is )?required|needs? (?:an? )?update|critical (?:security )?update|must be updated)/i.test(
      text,
    ) ||
    /\b(?:update|download|install)\s+(?:the\s+)?(?:latest\s+)?(?:chrome|firefox|edge|browser|flash player)\b[^.]{0,40}\b(?:now|to continue|to view)/i.test(
      text,
    );
  if (!lure) return undefined;
  const files = [...new Set([...downloads, ...executableLinks(page)])];
  if (files.length > 0) {
    return {
      risk_score: 85,
      message: `The page claims your browser or a plugin needs an update and offers ${fileName(files[0]!)}.`,
    };
  }
  return { risk_score: 45, message: 'The page claims your browser or a plugin is out of date.' };
}

function drainerFinding(page: PageFacts, scripts: ScriptCorpus): Finding | undefined {
  const code = scripts.all;
  const text = `${page.title} ${page.text}`;
  const seedInputs = allInputs(page).filter(isSeedPhraseInput).length;
  const asksPhrase = /(?:recovery|seed|secret|mnemonic)\s+phrase|12[- ]word|24[- ]word|private key/i.test(text);
  if (asksPhrase && (seedInputs > 0 || allInputs(page).some((input) => input.type === 'textarea'))) {
    return { risk_score: 95, message: 'The page asks for a wallet recovery phrase, which gives full control of the wallet.' };
  }
  const connects =
    /eth_requestAccounts|wallet_requestPermissions|window\s*\.\s*ethereum|solana\s*\.\s*connect|WalletConnect|web3modal/i.test(code);
  const calls = walletSigningCalls(code);
  const lure = /claim|airdrop|reward|eligible|mint (?:now|free)|free mint|giveaway|double your/i.test(text);
  if (connects && calls.length >= 2)
    return { risk_score: 90, message: `Wallet code requests ${calls.join(', ')} after connecting: the pattern of drainer kits.` };
  if (connects && calls.length === 1 && lure)
    return { risk_score: 75, message: `A giveaway page connects a wallet and requests ${calls[0]}.` };
  if (connects && lure) return { risk_score: 35, message: 'A giveaway or airdrop page asks to connect a crypto wallet.' };
  return undefined;
}

function autoDownloadFinding(collected: Collected, page: PageFacts | null, scripts: ScriptCorpus | null): Finding | undefined {
  const disposition = collected.response?.headers['content-disposition'] ?? '';
  const attachment = /attachment/i.test(disposition) ? /filename\*?=(?:UTF-8'')?["']?([^"';]+)/i.exec(disposition)?.[1] : undefined;
  if (attachment && isProgramDownload(attachment)) {
    return { risk_score: 85, message: `Opening the address downloads ${attachment} immediately.` };
  }
  const rendered = collected.rendered?.downloads.find(isProgramDownload);
  if (rendered) return { risk_score: 90, message: `The page started downloading ${rendered} on its own.` };
  if (!page) return undefined;
  const refresh = page.metaRefresh?.url;
  const scripted = scripts
    ? scripts.revealed
        .concat(scripts.raw)
        .map((code) => findScriptRedirect([{ src: null, inline: code }], page.baseUrl))
        .find(Boolean)
    : null;
  const target = [refresh, scripted].find((url) => url && isProgramDownload(url));
  if (target) return { risk_score: 85, message: `The page forwards straight to the file ${new URL(target).pathname.split('/').pop()}.` };
  const clicked = scripts && /\.download\s*=[\s\S]{0,300}\.click\s*\(\s*\)|\.click\s*\(\s*\)[\s\S]{0,300}\.download\s*=/.test(scripts.all);
  const fileInCode = scripts ? (scripts.all.match(/["'`][^"'`\s]+\.(?:exe|msi|scr|hta|apk|dmg|zip|iso)["'`]/i)?.[0] ?? null) : null;
  if (clicked && fileInCode) return { risk_score: 80, message: `A script clicks a hidden download link for ${fileInCode.slice(1, -1)}.` };
  const frameFile = page.frames.find((frame) => frame.src && isDownloadedByFrame(frame.src));
  if (frameFile) return { risk_score: 80, message: `A frame loads the executable ${frameFile.src}.` };
  return undefined;
}

const SCARE = [
  /(?:your )?(?:computer|pc|device|system) (?:has been|is|was) (?:infected|blocked|locked|compromised|disabled)/i,
  /virus(?:es)? (?:detected|found|alert)|trojan|spyware|malware detected|security (?:alert|breach|warning)/i,
  /do not (?:shut down|turn off|restart|close (?:this|the) (?:page|window|browser))/i,
  /windows defender|microsoft security|apple security|firewall warning/i,
  /error (?:code|#)\s*:?\s*0x[0-9a-f]+|error #?dw\d+/i,
  /(?:your )?(?:personal|banking) (?:data|information|details)[^.]{0,40}(?:stolen|at risk|leak)/i,
];
const SUPPORT_NUMBER =
  /(?:call|contact|dial)[^.\d]{0,50}(?:\+?1[\s.-]?)?\(?8(?:00|33|44|55|66|77|88)\)?[\s.-]?\d{3}[\s.-]?\d{4}|(?:\+?1[\s.-]?)?\(?8(?:00|33|44|55|66|77|88)\)?[\s.-]?\d{3}[\s.-]?\d{4}[^.]{0,40}(?:toll[- ]free|support|help ?desk|technician)/i;

function techSupportFinding(page: PageFacts, scripts: ScriptCorpus): Finding | undefined {
  const text = `${page.title} ${page.prose}`;
  const scares = SCARE.filter((pattern) => pattern.test(text)).length;
  const phone = SUPPORT_NUMBER.test(text);
  const lockTricks =
    /requestFullscreen|onbeforeunload|addEventListener\s*\(\s*["']beforeunload|setInterval\s*\([\s\S]{0,60}\balert\s*\(|while\s*\(\s*(?:true|1)\s*\)\s*\{?\s*alert/.test(
      scripts.all,
    );
  if (phone && scares >= 2) {
    return {
      risk_score: 90,
      message: `A fake security alert urges you to call a support number${lockTricks ? ' and tries to lock the browser' : ''}.`,
    };
  }
  if (scares >= 2 && lockTricks) return { risk_score: 65, message: 'A fake security alert tries to lock the browser.' };
  if (scares >= 2) return { risk_score: 40, message: 'The page shows alarming security warnings.' };
  return undefined;
}

export const pageBehaviourCheck = defineCheck('Malicious Behaviour', DETAILS, NEEDS_PAGE, (collected, { page, scripts, final }) => {
  const findings: Partial<Record<Name, Finding>> = {};
  const add = (name: Name, finding: Finding | undefined) => {
    if (finding) findings[name] = finding;
  };
  add('page_auto_download', autoDownloadFinding(collected, page, scripts));
  if (!page || !scripts) return findings;
  add('page_obfuscated_script', obfuscationFinding(scripts, final, ownersPage(page, final) !== undefined));
  add('page_anti_inspection', antiInspectionFinding(page, scripts));
  add('page_fake_captcha', fakeCaptchaFinding(page, scripts));
  add('page_fake_update', fakeUpdateFinding(page, collected.rendered?.downloads ?? []));
  add('page_crypto_drainer', drainerFinding(page, scripts));
  add('page_tech_support_scam', techSupportFinding(page, scripts));
  add('page_giveaway_scam', giveawayScamFinding(page, scripts));
  add('page_wallet_connect', walletConnectFinding(page, scripts, final));
  add('page_device_code', deviceCodeFinding(page, scripts, final));
  add('page_app_consent', appConsentFinding(page, scripts, final));
  add('page_document_viewer', documentViewerFinding(page, final));
  add('page_browser_in_browser', browserInBrowserFinding(page, final));
  return findings;
});
