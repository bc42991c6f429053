/**
 * The set of names a generator has seen, kept as two 32-bit polynomial hashes per name (8 bytes,
 * not the string), so that memory stays small while a long name streams hundreds of thousands
 * of look-alikes. Built for the homoglyph family's second round, where most candidates are
 * repeats: a candidate written as `text` with `cut` characters at `at` replaced by a glyph is
 * hashed from `text`'s prefix hashes, so a repeat costs no string at all. Two names share both
 * hashes with odds of about 2^-64 per pair: one lost name in billions of runs of 100,000 names.
 */
const B1 = 0x01000193;
const B2 = 0x5bd1e995;

/** A glyph (or doubled glyph) with its two hashes. */
export type HashedText = { text: string; h1: number; h2: number };

const MAX_POWER = 1024;
const powers1 = new Int32Array(MAX_POWER);
const powers2 = new Int32Array(MAX_POWER);
powers1[0] = 1;
powers2[0] = 1;
for (let i = 1; i < MAX_POWER; i++) {
  powers1[i] = Math.imul(powers1[i - 1] as number, B1);
  powers2[i] = Math.imul(powers2[i - 1] as number, B2);
}

export function hashed(text: string): HashedText {
  let h1 = 0;
  let h2 = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    h1 = (Math.imul(h1, B1) + code) | 0;
    h2 = (Math.imul(h2, B2) + code) | 0;
  }
  return { text, h1, h2 };
}

export class NameSet {
  private capacity = 1 << 14;
  private hash1 = new Int32Array(this.capacity);
  private hash2 = new Int32Array(this.capacity);
  private used = new Uint8Array(this.capacity);
  private count = 0;
  // Prefix hashes of the text being spliced.
  private prefix1 = new Int32Array(64);
  private prefix2 = new Int32Array(64);
  private length = 0;

  get size(): number {
    return this.count;
  }

  /** Adds a name; false when it was there already. */
  add(name: string): boolean {
    const { h1, h2 } = hashed(name);
    return this.addHashes(h1, h2);
  }

  /** Prepares `addSplice` calls over one text (at most 1,000 characters). */
  useText(text: string): void {
    const n = text.length;
    this.length = n;
    if (this.prefix1.length <= n) {
      this.prefix1 = new Int32Array(n * 2 + 1);
      this.prefix2 = new Int32Array(n * 2 + 1);
    }
    const p1 = this.prefix1;
    const p2 = this.prefix2;
    p1[0] = 0;
    p2[0] = 0;
    for (let i = 0; i < n; i++) {
      const code = text.charCodeAt(i);
      p1[i + 1] = (Math.imul(p1[i] as number, B1) + code) | 0;
      p2[i + 1] = (Math.imul(p2[i] as number, B2) + code) | 0;
    }
  }

  /** Adds the current text with `cut` characters at `at` replaced by `glyph`; false when it was there already. */
  addSplice(at: number, cut: number, glyph: HashedText): boolean {
    const n = this.length;
    const from = at + cut;
    const tail = n - from;
    const p1 = this.prefix1;
    const p2 = this.prefix2;
    const pow1 = powers1[tail] as number;
    const pow2 = powers2[tail] as number;
    const post1 = ((p1[n] as number) - Math.imul(p1[from] as number, pow1)) | 0;
    const post2 = ((p2[n] as number) - Math.imul(p2[from] as number, pow2)) | 0;
    const head1 = (Math.imul(p1[at] as number, powers1[glyph.text.length] as number) + glyph.h1) | 0;
    const head2 = (Math.imul(p2[at] as number, powers2[glyph.text.length] as number) + glyph.h2) | 0;
    return this.addHashes((Math.imul(head1, pow1) + post1) | 0, (Math.imul(head2, pow2) + post2) | 0);
  }

  private addHashes(h1: number, h2: number): boolean {
    const mask = this.capacity - 1;
    let slot = (Math.imul(h1, 0x9e3779b1) ^ h2) & mask;
    while (this.used[slot] === 1) {
      if (this.hash1[slot] === h1 && this.hash2[slot] === h2) return false;
      slot = (slot + 1) & mask;
    }
    this.used[slot] = 1;
    this.hash1[slot] = h1;
    this.hash2[slot] = h2;
    if (++this.count * 2 > this.capacity) this.grow();
    return true;
  }

  private grow(): void {
    const { hash1, hash2, used } = this;
    this.capacity *= 2;
    this.hash1 = new Int32Array(this.capacity);
    this.hash2 = new Int32Array(this.capacity);
    this.used = new Uint8Array(this.capacity);
    this.count = 0;
    for (let slot = 0; slot < used.length; slot++) if (used[slot] === 1) this.addHashes(hash1[slot] as number, hash2[slot] as number);
  }
}
