/**
 * The learned verdict's sparse part: character 3- to 5-grams of the host and of the path and query,
 * plus whole tokens (the ending, the platform, host words, path words and the file's extension),
 * hashed into 2^18 buckets. Phishing kits reuse path names, file names and host shapes that no
 * list of named features anticipates; the n-grams let the model learn them from real reports.
 */
export const GRAM_BITS = 18;
export const GRAM_BUCKETS = 1 << GRAM_BITS;
const MASK = GRAM_BUCKETS - 1;
// Longest stretch of path and query read: kit paths say what they are early, tokens fill the rest.
const MAX_PATH = 160;
const MAX_GRAMS = 1024;

/**
 * Hashed n-gram buckets of one group (host or path), each counting `scale`. From `ending` on they
 * are the host's ending's own (`.cc$`, `tld:cc`); `count` when there are none.
 */
export type Grams = { indices: Int32Array; count: number; scale: number; ending: number };

export function emptyGrams(): Grams {
  return { indices: new Int32Array(MAX_GRAMS), count: 0, scale: 0, ending: 0 };
}

export const NO_GRAMS: Grams = { indices: new Int32Array(0), count: 0, scale: 0, ending: 0 };

const HOST_SEED = 0x811c9dc5;
const PATH_SEED = 0x9747b28c;
const TOKEN_SEED = 0x5bd1e995;

function push(into: Grams, hash: number): void {
  if (into.count < MAX_GRAMS) into.indices[into.count++] = hash & MASK;
}

/** FNV-1a of a string under a seed. */
function hashText(seed: number, text: string): number {
  let hash = seed;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 16_777_619);
  return hash >>> 0;
}

/** 3-, 4- and 5-grams of `text` starting at `from` up to `to`, each hashed incrementally from its start. */
function charGrams(into: Grams, seed: number, text: string, from = 0, to = text.length): void {
  const length = text.length;
  for (let start = from; start < to && start + 3 <= length; start++) {
    let hash = seed;
    const end = Math.min(length, start + 5);
    for (let i = start; i < end; i++) {
      hash = Math.imul(hash ^ text.charCodeAt(i), 16_777_619);
      if (i - start >= 2) push(into, hash ^ (i - start));
    }
  }
}

// One scratch buffer fills; what is kept (engines remember hosts and paths) is a trimmed copy.
const scratch = emptyGrams();

function finish(into: Grams, ending = into.count): Grams {
  return {
    indices: into.indices.slice(0, into.count),
    count: into.count,
    scale: into.count === 0 ? 0 : 1 / Math.sqrt(into.count),
    ending,
  };
}

/** The host's grams: its n-grams (between start and end marks), its ending, platform and words. */
export function hostGrams(host: string, suffix: string | null, platform: string | null): Grams {
  return nameGrams(host, '$', suffix, platform, true);
}

/**
 * A free platform's tenant's grams: its name's n-grams and words, with no ending token and no end
 * mark after the name. Both would be the same for every tenant of every platform (`^name$` with
 * an empty ending), so they would weigh the platform, not the tenant (issue 35). On a dynamic-DNS
 * or tunnel host (`MACHINE_HOSTS`) one token, `platform:machine`, says the name is a machine's:
 * what people's site names teach the model is not carried over to home servers' names.
 */
export function tenantGrams(name: string, machine = false): Grams {
  return nameGrams(name, '', null, machine ? 'machine' : null, false);
}

/**
 * N-grams of `^host` and `endMark`, the ending token when `ending`, the platform and the host's
 * words. The ending's own (n-grams from the dot before it on, its token and its words) come last,
 * from `Grams.ending`, so what the ending says can be told apart from what the name says.
 */
function nameGrams(host: string, endMark: string, suffix: string | null, platform: string | null, ending: boolean): Grams {
  const into = scratch;
  into.count = 0;
  const text = `^${host}${endMark}`;
  // Where the ending starts, in the host and in `text` (its dot, after the `^` mark).
  const endingAt = ending && suffix && host.endsWith(`.${suffix}`) ? host.length - suffix.length : host.length + 1;
  charGrams(into, HOST_SEED, text, 0, endingAt);
  if (platform) push(into, hashText(TOKEN_SEED, `platform:${platform}`));
  hostWords(into, host, 0, endingAt);
  const from = into.count;
  charGrams(into, HOST_SEED, text, endingAt);
  if (ending) push(into, hashText(TOKEN_SEED, `tld:${suffix ?? ''}`));
  hostWords(into, host, endingAt, host.length + 1);
  return finish(into, from);
}

/** The host's words (between dots and hyphens) that start at `from` or later and before `to`. */
function hostWords(into: Grams, host: string, from: number, to: number): void {
  let start = 0;
  for (let i = 0; i <= host.length; i++) {
    const code = i < host.length ? host.charCodeAt(i) : 46;
    if (code === 46 || code === 45) {
      if (i - start >= 2 && start >= from && start < to) push(into, hashText(TOKEN_SEED, `hw:${host.slice(start, i)}`));
      start = i + 1;
    }
  }
}

/** The path and query's grams: n-grams of their start, their words and the file's extension. */
export function pathGrams(path: string): Grams {
  const into = scratch;
  into.count = 0;
  if (path.length <= 1) return finish(into);
  const text = path.length > MAX_PATH ? path.slice(0, MAX_PATH) : path;
  const lower = text.toLowerCase();
  charGrams(into, PATH_SEED, lower);
  let start = -1;
  for (let i = 0; i <= lower.length; i++) {
    const code = i < lower.length ? lower.charCodeAt(i) : 0;
    const word = (code >= 97 && code <= 122) || (code >= 48 && code <= 57);
    if (word) {
      if (start < 0) start = i;
    } else if (start >= 0) {
      if (i - start >= 2 && i - start <= 24) push(into, hashText(TOKEN_SEED, `pw:${lower.slice(start, i)}`));
      start = -1;
    }
  }
  const query = lower.indexOf('?');
  const pathOnly = query >= 0 ? lower.slice(0, query) : lower;
  const dot = pathOnly.lastIndexOf('.');
  if (dot > pathOnly.lastIndexOf('/')) push(into, hashText(TOKEN_SEED, `ext:${pathOnly.slice(dot + 1, dot + 6)}`));
  if (query >= 0) push(into, hashText(TOKEN_SEED, 'has-query'));
  return finish(into);
}
