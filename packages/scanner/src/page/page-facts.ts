import { Parser } from 'htmlparser2';
import { inputType } from './input-type.ts';
import { revealedTexts } from './revealed-code.ts';

export interface FormInput {
  type: string;
  name: string;
  autocomplete: string;
  placeholder: string;
  /** `inputmode` (numeric, tel, email...) and length limits: how a card or code field is shaped. */
  inputmode: string;
  maxlength: number | null;
  pattern: string;
  /**
   * What the page calls the field: its `<label>`, `aria-label` and `title`; for a field with none
   * of these, the short caption written right before it (`<div>Kartennummer</div><input>`).
   */
  label: string;
  /** A text input whose characters CSS hides as dots (`-webkit-text-security`): a password in disguise. */
  masked: boolean;
}

export interface PageForm {
  /** Absolute action URL, `null` when the form posts back to the page itself. */
  action: string | null;
  rawAction: string;
  method: string;
  inputs: FormInput[];
}

export interface PageFrame {
  src: string | null;
  hidden: boolean;
}

export interface PageScript {
  src: string | null;
  inline: string;
}

export interface PageResource {
  kind: 'script' | 'stylesheet' | 'image' | 'frame' | 'media' | 'other';
  url: string;
}

export interface PageAnchor {
  href: string;
  text: string;
  download: boolean;
}

export interface PageImage {
  src: string | null;
  alt: string;
  drawn?: string[];
}

/** What the checks read from one HTML document, whether it came from the static fetch or the browser. */
export interface PageFacts {
  baseUrl: string;
  title: string;
  metaRefresh: { delaySeconds: number; url: string | null } | null;
  meta: Record<string, string>;
  forms: PageForm[];
  /** Inputs outside any form: script-driven login pages collect credentials this way. */
  looseInputs: FormInput[];
  frames: PageFrame[];
  scripts: PageScript[];
  resources: PageResource[];
  anchors: PageAnchor[];
  /**
   * Images with their alt text and, for SVG pictures, the words drawn in them (`<text>`,
   * `<title>`): inline ones as parsed here, image files as the browser stage read them (the scan
   * sets them). Kits write the brand's name and their pretext as drawn text, not page text.
   */
  images: PageImage[];
  /**
   * Difference hashes of the page's favicon and first logo, when the browser fetched them (the
   * scan sets them on the page it judges): HTML alone has none.
   */
  logoHashes: string[];
  /** Texts of h1-h3 headings and form labels: where a page names who it is and what it asks for. */
  headings: string[];
  /**
   * Words written inside an element a page calls its logo (`class="logo"`, `id="site-logo"`,
   * `class="logo-container"`): a wordmark set as text ("Deutsche Telekom" beside a drawn mark).
   * Only HTML read by `parsePage` has them.
   */
  logoTexts?: string[];
  labels: string[];
  /** Inline event-handler attributes, e.g. `oncontextmenu`, with their code. */
  handlers: { event: string; code: string }[];
  /** Texts of buttons (and submit inputs) that say what a form does: "Sign in", "Pay", "Connect wallet". */
  buttons: string[];
  /**
   * Fields written inside the page's own inline scripts (`innerHTML = '<input type="password"…>'`):
   * the form a kit builds only once the visitor clicks (a bank picked from a list), not on the page yet.
   */
  scriptedInputs: FormInput[];
  /** A `<meta http-equiv=refresh>` inside `<noscript>`: only browsers without scripts follow it, so it never replaces the page. */
  noscriptRefresh: string | null;
  /** Visible text, whitespace collapsed. */
  text: string;
  /** Visible text outside `<pre>`, `<code>` and `<blockquote>`: what the page says, not what it quotes. */
  prose: string;
  /** Absolute URL of `<link rel="canonical">`, null when absent. */
  canonical: string | null;
  htmlLength: number;
  /** True when the page had more than `PAGE_LIMITS` allow: the facts cover its first part. */
  truncated: boolean;
}

const TEXT_LIMIT = 200_000;
/** An element whose class or id calls it the logo: `logo`, `site-logo`, `logo-container`, not `logos` (a partners' strip). */
const LOGO_ELEMENT = /(?:^|[^a-z0-9])logo(?:$|[^a-z0-9s])/i;
/** A wordmark is a few words; a logo element holding more is a header. */
const MAX_LOGO_TEXT = 60;
const MAX_LOGO_TEXTS = 5;

/**
 * How much of a page is read (issue 40): a hostile page of 100,000 nested elements and 100,000
 * links must cost the checks what an ordinary large page costs. Elements past `elements` are not
 * read at all; each list keeps its first entries.
 */
export const PAGE_LIMITS = {
  elements: 50_000,
  anchors: 2_000,
  resources: 2_000,
  images: 1_000,
  handlers: 500,
  scripts: 500,
  forms: 100,
  inputs: 500,
  frames: 100,
} as const;
/** CSS that draws typed characters as dots: the look of a password field on a plain text input. */
const MASKED = /text-security\s*:\s*(?:disc|circle|square)/i;

/** `.pin` and `#secret` of stylesheet rules that mask text, so inputs styled by class count too. */
function maskedSelectorsOf(css: string): Set<string> {
  const selectors = new Set<string>();
  for (const rule of css.matchAll(/([^{}]+)\{([^}]*)\}/g)) {
    if (!MASKED.test(rule[2] ?? '')) continue;
    for (const simple of (rule[1] ?? '').matchAll(/[.#][\w-]+/g)) selectors.add(simple[0]);
  }
  return selectors;
}

function absolute(value: string | undefined, base: string): string | null {
  if (value === undefined) return null;
  const trimmed = value.trim();
  if (trimmed === '' || !URL.canParse(trimmed, base)) return null;
  return new URL(trimmed, base).href;
}

function isHiddenFrame(attributes: Record<string, string>): boolean {
  const style = (attributes.style ?? '').toLowerCase().replace(/\s+/g, '');
  const tiny = (value: string | undefined) => value !== undefined && /^[01](px)?$/.test(value.trim());
  return (
    'hidden' in attributes ||
    style.includes('display:none') ||
    style.includes('visibility:hidden') ||
    /(?:^|;)(?:width|height):[01]px/.test(style) ||
    tiny(attributes.width) ||
    tiny(attributes.height)
  );
}

function parseRefresh(content: string, base: string): PageFacts['metaRefresh'] {
  const match = /^\s*(\d+(?:\.\d+)?)?\s*[;,]?\s*(?:url\s*=\s*)?['"]?([^'"]*)['"]?\s*$/i.exec(content);
  if (!match) return null;
  const delaySeconds = Number(match[1] ?? 0);
  return { delaySeconds, url: match[2] ? absolute(match[2], base) : null };
}

/** Elements that end a caption: text after one of these starts a new one. */
const CAPTION_BREAKS = new Set([
  'div',
  'p',
  'td',
  'th',
  'li',
  'dt',
  'dd',
  'tr',
  'span',
  'label',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'legend',
  'br',
  'button',
  'a',
]);
/** Longer text before a field is prose, not its caption. */
const MAX_CAPTION = 60;

/** Elements of an SVG picture that hold its words. */
const DRAWN_WORDS = new Set(['text', 'title']);
const MAX_DRAWN = 200;
const MAX_DRAWINGS = 20;
/** A field's tag as a script writes it into a string: `'<input name="pass" type="password" placeholder="'+L.p+'">'`. */
const FIELD_TAG = /<(?:input|textarea|select)\b[^<>]{0,500}>/gi;
const MAX_SCRIPTED_INPUTS = 50;

/**
 * The fields the page's inline scripts write as markup, read as if they stood in the page; markup
 * the script keeps encoded (base64, char codes) and writes in after a gate or a click counts too.
 */
function scriptedInputs(scripts: readonly PageScript[], baseUrl: string): FormInput[] {
  const code = scripts.map((script) => script.inline);
  const written = [...code, ...(code.some((inline) => inline !== '') ? revealedTexts(code.join('\n')) : [])];
  const tags = written.flatMap((text) => text.match(FIELD_TAG) ?? []).slice(0, MAX_SCRIPTED_INPUTS);
  // Quotes a string concatenation left in an attribute (`placeholder="'+L.p+'"`) are part of its value.
  return tags.length === 0 ? [] : parsePage(tags.join('\n'), baseUrl).looseInputs;
}

/** Reads the facts the checks need from HTML in one pass. Pure: no fetching, no scripts run. */
export function parsePage(html: string, baseUrl: string): PageFacts {
  let base = baseUrl;
  const facts: PageFacts = {
    baseUrl,
    title: '',
    metaRefresh: null,
    meta: {},
    forms: [],
    looseInputs: [],
    frames: [],
    scripts: [],
    resources: [],
    anchors: [],
    images: [],
    logoHashes: [],
    headings: [],
    logoTexts: [],
    labels: [],
    buttons: [],
    scriptedInputs: [],
    noscriptRefresh: null,
    handlers: [],
    text: '',
    prose: '',
    canonical: null,
    htmlLength: html.length,
    truncated: false,
  };
  let elements = 0;
  let inputs = 0;
  /** Keeps `item` while `list` is under `max`; past it the page counts as truncated. */
  const keep = <T>(list: T[], item: T, max: number): boolean => {
    if (list.length >= max) {
      facts.truncated = true;
      return false;
    }
    list.push(item);
    return true;
  };
  const text: string[] = [];
  const prose: string[] = [];
  let quoteDepth = 0;
  let textLength = 0;
  let currentForm: PageForm | null = null;
  let currentScript: PageScript | null = null;
  let currentAnchor: PageAnchor | null = null;
  let inTitle = false;
  // The heading or label being read; nested ones (a label in a heading) go to the outer one.
  let naming: { list: string[]; tag: string; text: string } | null = null;
  let skipDepth = 0;
  // Frames inside <noscript> load only with scripts off (tag-manager fallbacks): not what a visitor gets.
  let noscriptDepth = 0;
  // Labels name inputs by `for` or by wrapping them; both are resolved once the label's text is read.
  const labelFor = new Map<string, string>();
  const inputsById = new Map<string, FormInput>();
  const classesOf = new Map<FormInput, string[]>();
  let openLabel: { for: string | null; inputs: FormInput[]; text: string } | null = null;
  let openButton: { text: string } | null = null;
  let styleText = '';
  let inStyle = false;
  // The last run of text before a field, in a block of its own or the same one: the caption a kit
  // writes in a <div> above or a <td> beside a field instead of a <label>, as a reader (and a
  // browser's autofill) pairs them. Headings are titles, not captions.
  let caption = '';
  let captionEnded = false;
  // An inline SVG picture being read, and whether the parser is inside one of its words (`<text>`, `<title>`).
  let drawing: { image: PageImage; depth: number } | null = null;
  let drawnText: string | null = null;
  // The element a page calls its logo being read, and how deep its own tag nests inside it.
  let logo: { tag: string; depth: number; text: string } | null = null;

  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (++elements > PAGE_LIMITS.elements) {
          // The rest of the document is left unread, as if the HTML ended here.
          facts.truncated = true;
          parser.pause();
          return;
        }
        for (const [attribute, code] of Object.entries(attributes)) {
          if (attribute.startsWith('on')) keep(facts.handlers, { event: attribute, code }, PAGE_LIMITS.handlers);
        }
        const addResource = (kind: PageResource['kind'], value: string | undefined) => {
          if (facts.resources.length >= PAGE_LIMITS.resources) {
            facts.truncated = true;
            return;
          }
          const url = absolute(value, base);
          if (url) facts.resources.push({ kind, url });
        };
        if (CAPTION_BREAKS.has(name)) captionEnded = true;
        if (logo?.tag === name) logo.depth++;
        else if (!logo && LOGO_ELEMENT.test(`${attributes.class ?? ''} ${attributes.id ?? ''}`)) logo = { tag: name, depth: 1, text: '' };
        if (drawing) {
          if (name === 'svg') drawing.depth++;
          if (DRAWN_WORDS.has(name)) drawnText ??= '';
        }
        switch (name) {
          case 'base': {
            const href = absolute(attributes.href, baseUrl);
            if (href) base = href;
            break;
          }
          case 'title':
            inTitle = true;
            break;
          case 'h1':
          case 'h2':
          case 'h3':
          case 'label':
            naming ??= { list: name === 'label' ? facts.labels : facts.headings, tag: name, text: '' };
            if (name === 'label') openLabel = { for: attributes.for ?? null, inputs: [], text: '' };
            break;
          case 'button':
            openButton = { text: attributes['aria-label'] ?? attributes.value ?? '' };
            break;
          case 'meta': {
            const key = (attributes.name ?? attributes.property ?? attributes['http-equiv'] ?? '').toLowerCase();
            if (key === 'refresh' && attributes.content !== undefined && noscriptDepth > 0)
              facts.noscriptRefresh = parseRefresh(attributes.content, base)?.url ?? null;
            else if (key === 'refresh' && attributes.content !== undefined) facts.metaRefresh = parseRefresh(attributes.content, base);
            else if (key) facts.meta[key] = attributes.content ?? '';
            break;
          }
          case 'form':
            currentForm = {
              action: absolute(attributes.action, base),
              rawAction: attributes.action ?? '',
              method: (attributes.method ?? 'get').toLowerCase(),
              inputs: [],
            };
            if (attributes.action === undefined || attributes.action.trim() === '') currentForm.action = null;
            if (!keep(facts.forms, currentForm, PAGE_LIMITS.forms)) currentForm = null;
            break;
          case 'input':
          case 'textarea':
          case 'select': {
            const type = name === 'input' ? inputType(attributes.type) : name;
            if (type === 'submit' || type === 'button') {
              const label = (attributes.value ?? attributes['aria-label'] ?? '').trim();
              if (label !== '' && facts.buttons.length < 50) facts.buttons.push(label.slice(0, 100));
            }
            if (++inputs > PAGE_LIMITS.inputs) {
              facts.truncated = true;
              break;
            }
            const maxlength = Number.parseInt(attributes.maxlength ?? '', 10);
            const input: FormInput = {
              type,
              name: attributes.name ?? attributes.id ?? '',
              autocomplete: (attributes.autocomplete ?? '').toLowerCase(),
              placeholder: attributes.placeholder ?? '',
              inputmode: (attributes.inputmode ?? '').toLowerCase(),
              maxlength: Number.isFinite(maxlength) ? maxlength : null,
              pattern: attributes.pattern ?? '',
              label: [attributes['aria-label'], attributes.title].filter((value) => value !== undefined).join(' '),
              masked: MASKED.test(attributes.style ?? ''),
            };
            const captionText = caption.replace(/\s+/g, ' ').trim();
            if (!openLabel && input.label === '' && captionText.length > 0 && captionText.length <= MAX_CAPTION) input.label = captionText;
            caption = '';
            captionEnded = false;
            if (attributes.id) inputsById.set(attributes.id, input);
            if (attributes.class) classesOf.set(input, attributes.class.split(/\s+/));
            openLabel?.inputs.push(input);
            (currentForm ? currentForm.inputs : facts.looseInputs).push(input);
            break;
          }
          case 'iframe':
          case 'frame':
            if (noscriptDepth > 0) break;
            keep(facts.frames, { src: absolute(attributes.src, base), hidden: isHiddenFrame(attributes) }, PAGE_LIMITS.frames);
            addResource('frame', attributes.src);
            break;
          case 'script':
            // A script past the cap is still skipped as code, never read as the page's text.
            currentScript = { src: absolute(attributes.src, base), inline: '' };
            keep(facts.scripts, currentScript, PAGE_LIMITS.scripts);
            addResource('script', attributes.src);
            skipDepth++;
            break;
          case 'noscript':
            noscriptDepth++;
            skipDepth++;
            break;
          case 'style':
            inStyle = true;
            skipDepth++;
            break;
          case 'template':
            skipDepth++;
            break;
          case 'pre':
          case 'code':
          case 'blockquote':
            quoteDepth++;
            break;
          case 'link':
            if ((attributes.rel ?? '').toLowerCase() === 'canonical') facts.canonical = absolute(attributes.href, base);
            if ((attributes.rel ?? '').toLowerCase().includes('stylesheet')) addResource('stylesheet', attributes.href);
            else if (/icon/i.test(attributes.rel ?? '')) addResource('image', attributes.href);
            break;
          case 'img':
            if (facts.images.length < PAGE_LIMITS.images)
              facts.images.push({ src: absolute(attributes.src, base), alt: attributes.alt ?? '' });
            else facts.truncated = true;
            addResource('image', attributes.src);
            break;
          case 'svg':
            drawing ??= { image: { src: null, alt: attributes['aria-label'] ?? '', drawn: [] }, depth: 1 };
            break;
          case 'video':
          case 'audio':
          case 'source':
          case 'embed':
            addResource('media', attributes.src);
            break;
          case 'object':
            addResource('other', attributes.data);
            break;
          case 'a':
          case 'area':
            if (attributes.href !== undefined) {
              if (facts.anchors.length >= PAGE_LIMITS.anchors) {
                facts.truncated = true;
                break;
              }
              currentAnchor = { href: absolute(attributes.href, base) ?? attributes.href, text: '', download: 'download' in attributes };
              facts.anchors.push(currentAnchor);
            }
            break;
        }
      },
      ontext(data) {
        if (currentScript) {
          currentScript.inline += data;
          return;
        }
        if (inStyle && styleText.length < TEXT_LIMIT) styleText += data;
        if (inTitle && !drawing) facts.title += data;
        if (drawnText !== null && drawnText.length < MAX_DRAWN) drawnText += data;
        // A picture's <title> is its tooltip, read like an alt text, not words of the page.
        if (skipDepth > 0 || (drawing && inTitle)) return;
        if (currentAnchor) currentAnchor.text += data;
        if (naming) naming.text += data;
        if (logo && logo.text.length < MAX_LOGO_TEXT) logo.text += ` ${data}`;
        if (openLabel) openLabel.text += data;
        if (openButton) openButton.text += data;
        if (data.trim() !== '' && naming?.list !== facts.headings) {
          if (captionEnded) caption = '';
          captionEnded = false;
          if (caption.length <= MAX_CAPTION) caption += data;
        }
        if (textLength < TEXT_LIMIT) {
          text.push(data);
          if (quoteDepth === 0) prose.push(data);
          textLength += data.length;
        }
      },
      onclosetag(name) {
        if (logo?.tag === name && --logo.depth === 0) {
          const words = logo.text.replace(/\s+/g, ' ').trim();
          if (words !== '' && words.length <= MAX_LOGO_TEXT && facts.logoTexts!.length < MAX_LOGO_TEXTS) facts.logoTexts!.push(words);
          logo = null;
        }
        if (naming?.tag === name) {
          const named = naming.text.replace(/\s+/g, ' ').trim();
          if (named !== '' && naming.list.length < 100) naming.list.push(named.slice(0, 200));
          naming = null;
        }
        if (drawing && drawnText !== null && DRAWN_WORDS.has(name)) {
          const words = drawnText.replace(/\s+/g, ' ').trim();
          if (words !== '' && drawing.image.drawn!.length < MAX_DRAWINGS) drawing.image.drawn!.push(words);
          drawnText = null;
        }
        if (drawing && name === 'svg' && --drawing.depth === 0) {
          if (drawing.image.drawn!.length > 0 && facts.images.length < PAGE_LIMITS.images) facts.images.push(drawing.image);
          drawing = null;
        }
        switch (name) {
          case 'title':
            inTitle = false;
            break;
          case 'label':
            if (openLabel) {
              const text = openLabel.text.replace(/\s+/g, ' ').trim();
              for (const input of openLabel.inputs) input.label = `${input.label} ${text}`.trim();
              if (openLabel.for) labelFor.set(openLabel.for, text);
              openLabel = null;
            }
            break;
          case 'button': {
            const text = openButton?.text.replace(/\s+/g, ' ').trim() ?? '';
            if (text !== '' && facts.buttons.length < 50) facts.buttons.push(text.slice(0, 100));
            openButton = null;
            break;
          }
          case 'form':
            currentForm = null;
            break;
          case 'script':
            currentScript = null;
            skipDepth = Math.max(0, skipDepth - 1);
            break;
          case 'noscript':
            noscriptDepth = Math.max(0, noscriptDepth - 1);
            skipDepth = Math.max(0, skipDepth - 1);
            break;
          case 'style':
            inStyle = false;
            skipDepth = Math.max(0, skipDepth - 1);
            break;
          case 'template':
            skipDepth = Math.max(0, skipDepth - 1);
            break;
          case 'a':
          case 'area':
            currentAnchor = null;
            break;
          case 'pre':
          case 'code':
          case 'blockquote':
            quoteDepth = Math.max(0, quoteDepth - 1);
            break;
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();

  for (const [id, text] of labelFor) {
    const input = inputsById.get(id);
    if (input && !input.label.includes(text)) input.label = `${input.label} ${text}`.trim();
  }
  const maskedSelectors = maskedSelectorsOf(styleText);
  if (maskedSelectors.size > 0) {
    for (const [id, input] of inputsById) if (maskedSelectors.has(`#${id}`)) input.masked = true;
    for (const [input, classes] of classesOf) if (classes.some((name) => maskedSelectors.has(`.${name}`))) input.masked = true;
  }

  facts.scriptedInputs = scriptedInputs(facts.scripts, baseUrl);
  facts.title = facts.title.replace(/\s+/g, ' ').trim();
  facts.text = text.join(' ').replace(/\s+/g, ' ').trim();
  facts.prose = prose.join(' ').replace(/\s+/g, ' ').trim();
  for (const anchor of facts.anchors) anchor.text = anchor.text.replace(/\s+/g, ' ').trim();
  return facts;
}
