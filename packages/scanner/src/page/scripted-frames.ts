import { parsePage, type PageFacts } from './page-facts.ts';

/** A frame's tag as a script writes it into a string: `w.innerHTML = '<iframe src="/okno">'`. */
const FRAME_TAG = /<iframe\b[^<>]{0,500}>/gi;
/** A script that builds a frame element itself, rather than writing its markup. */
const CREATES_FRAME = /createElement\(\s*(['"`])iframe\1\s*\)/i;
/** The literal addresses a script gives an element: `f.src = '/okno'`, `f.setAttribute('src', '/okno')`, `$(f).attr('src', '/okno')`. */
const SRC_ASSIGNED =
  /\.src\s*=\s*(['"`])([^'"`\s<>]{1,500})\1|(?:setAttribute|\.attr)\(\s*(['"])src\3\s*,\s*(['"`])([^'"`\s<>]{1,500})\4\s*\)/g;
/** Addresses of what is not a document: the same script may load an image, a script or a sound. */
const NOT_A_DOCUMENT = /\.(?:js|mjs|css|png|jpe?g|gif|svg|webp|ico|bmp|avif|json|mp3|mp4|wav|ogg|webm|woff2?|ttf)$/i;
/** A string concatenation left in the address (`src="'+url+'"`): not an address the scan can follow. */
const BUILT = /['"`+]|\$\{/;
/** Frames a click opens are one or two: a fake pop-up's login, perhaps its second step. */
const MAX_SCRIPTED_FRAMES = 2;

const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return null;
  }
};

function documentAddress(raw: string, baseUrl: string): string | null {
  if (BUILT.test(raw)) return null;
  let address: URL;
  try {
    address = new URL(raw, baseUrl);
  } catch {
    return null;
  }
  if (!/^https?:$/.test(address.protocol) || NOT_A_DOCUMENT.test(address.pathname)) return null;
  address.hash = '';
  return address.href;
}

/**
 * The frames the page's inline scripts would open (issue 36): a browser-in-the-browser kit draws
 * its fake pop-up only when a button is clicked, and the pop-up's login is a frame the script
 * writes in then (as `<iframe>` markup, a created frame element given a literal address, or an
 * empty frame of the page given one of its own host). A
 * scan clicks nothing, so these addresses are read from the script, like the fields of decision
 * 536, and the browser stage reads each once. Frames the page already holds are left out: the
 * browser has read them.
 */
export function framesOpenedByScript(page: PageFacts): string[] {
  const held = new Set(page.frames.map((frame) => frame.src));
  // A frame the page holds empty is one a script fills in; which script line does is not known, so
  // only addresses of the page's own host are taken for it (not a tag manager's or an ad's).
  const emptyFrame = page.frames.some((frame) => !frame.src || frame.src === 'about:blank');
  const host = hostOf(page.baseUrl);
  const found: string[] = [];
  const add = (raw: string, ownHostOnly = false) => {
    const address = documentAddress(raw, page.baseUrl);
    if (!address || address === page.baseUrl || held.has(address) || found.includes(address)) return;
    if (!ownHostOnly || hostOf(address) === host) found.push(address);
  };
  for (const script of page.scripts) {
    const code = script.inline;
    if (!emptyFrame && !/iframe/i.test(code)) continue;
    const tags = code.match(FRAME_TAG) ?? [];
    if (tags.length > 0) {
      // A frame's content is raw text up to its end tag: each tag is closed so the next one is read.
      for (const frame of parsePage(tags.join('</iframe>\n'), page.baseUrl).frames) if (frame.src) add(frame.src);
    }
    const creates = CREATES_FRAME.test(code);
    if (creates || emptyFrame) for (const match of code.matchAll(SRC_ASSIGNED)) add(match[2] ?? match[5] ?? '', !creates);
    if (found.length >= MAX_SCRIPTED_FRAMES) break;
  }
  return found.slice(0, MAX_SCRIPTED_FRAMES);
}
