/** The page's own code: inline scripts and event handlers, plus what their encoded literals decode to. */
export interface ScriptCorpus {
  /** Inline scripts and handler attributes as written. */
  raw: string;
  /** Text recovered from `atob('…')`, `unescape('%…')`, `String.fromCharCode(…)` and `\x..` literals. */
  revealed: string[];
  /** `raw` and `revealed` together, for pattern searches that should see through the encoding. */
  all: string;
}

const MIN_REVEALED = 12;

function printableRatio(text: string): number {
  if (text.length === 0) return 0;
  const printable = text.match(/[\x20-\x7e\t\n\r]/g)?.length ?? 0;
  return printable / text.length;
}

function keepIfText(text: string, out: string[]): void {
  if (text.length >= MIN_REVEALED && printableRatio(text) > 0.9) out.push(text);
}

function decodeBase64(literal: string): string {
  return Buffer.from(literal, 'base64').toString('utf8');
}

function safeUnescape(literal: string): string {
  try {
    return decodeURIComponent(literal.replace(/%u([0-9a-f]{4})/gi, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16))));
  } catch {
    return '';
  }
}

/** A string literal without escapes or line breaks: a piece of a string put together by script. */
const PIECE = String.raw`(?:"[^"\
]{0,200}"|'[^'\
]{0,200}'|\`[^\`\
$]{0,200}\`)`;
/** Three or more literals in an array joined with nothing between them. */
const JOINED_PIECES = new RegExp(String.raw`\[\s*((?:${PIECE}\s*,\s*){2,}${PIECE})\s*,?\s*\]\s*\.\s*join\(\s*(?:""|''|\`\`)\s*\)`, 'g');
/** Three or more literals added together. */
const ADDED_PIECES = new RegExp(String.raw`(?:${PIECE}\s*\+\s*){2,}${PIECE}`, 'g');

const piecesOf = (code: string) => [...code.matchAll(new RegExp(PIECE, 'g'))].map((piece) => piece[0].slice(1, -1)).join('');

/** One decoding pass over `code`. */
function revealOnce(code: string): string[] {
  const out: string[] = [];
  for (const match of code.matchAll(/atob\s*\(\s*(["'`])([A-Za-z0-9+/=\s]{8,})\1\s*\)/g)) keepIfText(decodeBase64(match[2]!), out);
  for (const match of code.matchAll(
    /(?:unescape|decodeURIComponent|decodeURI)\s*\(\s*(["'`])((?:%[0-9a-fA-F]{2}|%u[0-9a-fA-F]{4}|[^"'`]){8,})\1\s*\)/g,
  )) {
    keepIfText(safeUnescape(match[2]!), out);
  }
  for (const match of code.matchAll(/String\.fromCharCode\s*\(\s*((?:\d{1,5}\s*,\s*){4,}\d{1,5})\s*\)/g)) {
    keepIfText(String.fromCharCode(...match[1]!.split(',').map((value) => Number(value.trim()))), out);
  }
  // Char codes kept in array literals and turned into text by a helper (`String.fromCharCode.apply(null, a)`,
  // `a.map((c) => String.fromCharCode(c))`): only in code that calls `fromCharCode` at all.
  if (/fromCharCode/.test(code)) {
    for (const match of code.matchAll(/\[\s*((?:\d{1,5}\s*,\s*){7,}\d{1,5})\s*\]/g)) {
      const codes = match[1]!.split(',').map((value) => Number(value.trim()));
      if (codes.every((value) => value >= 9 && value <= 0xffff)) keepIfText(String.fromCharCode(...codes), out);
    }
  }
  for (const match of code.matchAll(/(["'])((?:\\x[0-9a-fA-F]{2}|\\u[0-9a-fA-F]{4}){6,})\1/g)) {
    keepIfText(
      match[2]!.replace(/\\x([0-9a-fA-F]{2})|\\u([0-9a-fA-F]{4})/g, (_m, x?: string, u?: string) =>
        String.fromCharCode(parseInt(x ?? u ?? '0', 16)),
      ),
      out,
    );
  }
  // Strings cut into pieces and put back together at run time, so that no piece reads as an
  // address: ['https://', 'microsoft', '.com', '/device', 'login'].join('') or 'https://' + 'micro' + 'soft.com'.
  for (const match of code.matchAll(JOINED_PIECES)) keepIfText(piecesOf(match[1]!), out);
  for (const match of code.matchAll(ADDED_PIECES)) keepIfText(piecesOf(match[0]), out);
  // Long base64 literals stored in variables and decoded later (HTML smuggling, staged loaders).
  for (const match of code.matchAll(/(["'`])([A-Za-z0-9+/]{80,}={0,2})\1/g)) keepIfText(decodeBase64(match[2]!), out);
  return out;
}

/** What up to three layers of encoding in `code` decode to. */
export function revealedTexts(code: string): string[] {
  const revealed: string[] = [];
  let layer = [code];
  for (let depth = 0; depth < 3 && layer.length > 0; depth++) {
    layer = layer.flatMap(revealOnce).filter((text) => !revealed.includes(text));
    revealed.push(...layer);
  }
  return revealed;
}

/** The code a page carries: its inline scripts and event handlers (a page's facts hold both). */
interface PageCode {
  readonly scripts: readonly { readonly inline: string }[];
  readonly handlers: readonly { readonly code: string }[];
}

/** Collects the page's code and peels up to three layers of encoding off it. */
export function scriptCorpus(page: PageCode): ScriptCorpus {
  const raw = [...page.scripts.map((script) => script.inline), ...page.handlers.map((handler) => handler.code)].join('\n');
  const revealed = revealedTexts(raw);
  return { raw, revealed, all: [raw, ...revealed].join('\n') };
}
