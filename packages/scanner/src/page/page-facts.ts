import { Parser } from 'htmlparser2';

export interface FormInput {
  type: string;
  name: string;
  autocomplete: string;
  placeholder: string;
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
  images: { src: string | null; alt: string }[];
  /** Texts of h1-h3 headings and form labels: where a page names who it is and what it asks for. */
  headings: string[];
  labels: string[];
  /** Inline event-handler attributes, e.g. `oncontextmenu`, with their code. */
  handlers: { event: string; code: string }[];
  /** Visible text, whitespace collapsed. */
  text: string;
  /** Visible text outside `<pre>`, `<code>` and `<blockquote>`: what the page says, not what it quotes. */
  prose: string;
  /** Absolute URL of `<link rel="canonical">`, null when absent. */
  canonical: string | null;
  htmlLength: number;
}

const TEXT_LIMIT = 200_000;

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
    headings: [],
    labels: [],
    handlers: [],
    text: '',
    prose: '',
    canonical: null,
    htmlLength: html.length,
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

  const parser = new Parser(
    {
      onopentag(name, attributes) {
        for (const [attribute, code] of Object.entries(attributes)) {
          if (attribute.startsWith('on')) facts.handlers.push({ event: attribute, code });
        }
        const addResource = (kind: PageResource['kind'], value: string | undefined) => {
          const url = absolute(value, base);
          if (url) facts.resources.push({ kind, url });
        };
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
            break;
          case 'meta': {
            const key = (attributes.name ?? attributes.property ?? attributes['http-equiv'] ?? '').toLowerCase();
            if (key === 'refresh' && attributes.content !== undefined) facts.metaRefresh = parseRefresh(attributes.content, base);
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
            facts.forms.push(currentForm);
            break;
          case 'input':
          case 'textarea':
          case 'select': {
            const input: FormInput = {
              type: (name === 'input' ? (attributes.type ?? 'text') : name).toLowerCase(),
              name: attributes.name ?? attributes.id ?? '',
              autocomplete: attributes.autocomplete ?? '',
              placeholder: attributes.placeholder ?? '',
            };
            (currentForm ? currentForm.inputs : facts.looseInputs).push(input);
            break;
          }
          case 'iframe':
          case 'frame':
            if (noscriptDepth > 0) break;
            facts.frames.push({ src: absolute(attributes.src, base), hidden: isHiddenFrame(attributes) });
            addResource('frame', attributes.src);
            break;
          case 'script':
            currentScript = { src: absolute(attributes.src, base), inline: '' };
            facts.scripts.push(currentScript);
            addResource('script', attributes.src);
            skipDepth++;
            break;
          case 'noscript':
            noscriptDepth++;
            skipDepth++;
            break;
          case 'style':
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
            facts.images.push({ src: absolute(attributes.src, base), alt: attributes.alt ?? '' });
            addResource('image', attributes.src);
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
        if (inTitle) facts.title += data;
        if (skipDepth > 0) return;
        if (currentAnchor) currentAnchor.text += data;
        if (naming) naming.text += data;
        if (textLength < TEXT_LIMIT) {
          text.push(data);
          if (quoteDepth === 0) prose.push(data);
          textLength += data.length;
        }
      },
      onclosetag(name) {
        if (naming?.tag === name) {
          const named = naming.text.replace(/\s+/g, ' ').trim();
          if (named !== '' && naming.list.length < 100) naming.list.push(named.slice(0, 200));
          naming = null;
        }
        switch (name) {
          case 'title':
            inTitle = false;
            break;
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

  facts.title = facts.title.replace(/\s+/g, ' ').trim();
  facts.text = text.join(' ').replace(/\s+/g, ' ').trim();
  facts.prose = prose.join(' ').replace(/\s+/g, ' ').trim();
  for (const anchor of facts.anchors) anchor.text = anchor.text.replace(/\s+/g, ' ').trim();
  return facts;
}
