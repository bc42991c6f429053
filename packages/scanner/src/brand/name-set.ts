/**
 * The set of names a generator has seen, built for the homoglyph family's second round, where
 * most candidates are repeats: a candidate written as `text` with `cut` characters at `at`
 * replaced by a glyph is hashed from `text`'s prefix hashes and compared in place, so a repeat
 * costs no string at all. Two polynomial hashes modulo 2^32 (plain integer multiplications)
 * pick the slot; a hit is confirmed character by character, so the set is exact.
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
  private capacity = 1 << 15;
  private hash1 = new Int32Array(this.capacity);
  private hash2 = new Int32Array(this.capacity);
  private names: (string | undefined)[] = new Array<string | undefined>(this.capacity);
  private count = 0;
  // Prefix hashes of the text being spliced.
  private prefix1 = new Int32Array(64);
  private prefix2 = new Int32Array(64);
  private text = '';

  get size(): number {
    return this.count;
  }

  /** Adds a name; false when it was there already. */
  add(name: string): boolean {
    const { h1, h2 } = hashed(name);
    let slot = this.slotOf(h1, h2);
    const mask = this.capacity - 1;
    for (let current = this.names[slot]; current !== undefined; current = this.names[slot]) {
      if (this.hash1[slot] === h1 && this.hash2[slot] === h2 && current === name) return false;
      slot = (slot + 1) & mask;
    }
    this.insert(slot, h1, h2, name);
    return true;
  }

  /** Prepares `add(splice)` calls over one text. */
  useText(text: string): void {
    this.text = text;
    const n = text.length;
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

  /**
   * Adds the current text with `cut` characters at `at` replaced by `glyph`; returns the new
   * name, or null when it was there already.
   */
  addSplice(at: number, cut: number, glyph: HashedText): string | null {
    const text = this.text;
    const n = text.length;
    const from = at + cut;
    const tail = n - from;
    const glyphLength = glyph.text.length;
    const p1 = this.prefix1;
    const p2 = this.prefix2;
    const pow1 = powers1[tail] as number;
    const pow2 = powers2[tail] as number;
    const post1 = ((p1[n] as number) - Math.imul(p1[from] as number, pow1)) | 0;
    const post2 = ((p2[n] as number) - Math.imul(p2[from] as number, pow2)) | 0;
    const head1 = (Math.imul(p1[at] as number, powers1[glyphLength] as number) + glyph.h1) | 0;
    const head2 = (Math.imul(p2[at] as number, powers2[glyphLength] as number) + glyph.h2) | 0;
    const h1 = (Math.imul(head1, pow1) + post1) | 0;
    const h2 = (Math.imul(head2, pow2) + post2) | 0;
    const length = n - cut + glyphLength;
    let slot = this.slotOf(h1, h2);
    const mask = this.capacity - 1;
    for (let current = this.names[slot]; current !== undefined; current = this.names[slot]) {
      if (this.hash1[slot] === h1 && this.hash2[slot] === h2 && current.length === length && this.matches(current, at, cut, glyph.text)) {
        return null;
      }
      slot = (slot + 1) & mask;
    }
    const name = text.slice(0, at) + glyph.text + text.slice(from);
    this.insert(slot, h1, h2, name);
    return name;
  }

  private matches(name: string, at: number, cut: number, glyph: string): boolean {
    const text = this.text;
    for (let i = 0; i < at; i++) if (name.charCodeAt(i) !== text.charCodeAt(i)) return false;
    for (let i = 0; i < glyph.length; i++) if (name.charCodeAt(at + i) !== glyph.charCodeAt(i)) return false;
    const shift = glyph.length - cut;
    for (let i = at + cut; i < text.length; i++) if (name.charCodeAt(i + shift) !== text.charCodeAt(i)) return false;
    return true;
  }

  private slotOf(h1: number, h2: number): number {
    return (Math.imul(h1, 0x9e3779b1) ^ h2) & (this.capacity - 1);
  }

  private insert(slot: number, h1: number, h2: number, name: string): void {
    this.hash1[slot] = h1;
    this.hash2[slot] = h2;
    this.names[slot] = name;
    this.count++;
    if (this.count * 2 > this.capacity) this.grow();
  }

  private grow(): void {
    const { hash1, hash2, names } = this;
    this.capacity *= 2;
    this.hash1 = new Int32Array(this.capacity);
    this.hash2 = new Int32Array(this.capacity);
    this.names = new Array<string | undefined>(this.capacity);
    const mask = this.capacity - 1;
    for (let old = 0; old < names.length; old++) {
      const name = names[old];
      if (name === undefined) continue;
      const h1 = hash1[old] as number;
      const h2 = hash2[old] as number;
      let slot = this.slotOf(h1, h2);
      while (this.names[slot] !== undefined) slot = (slot + 1) & mask;
      this.hash1[slot] = h1;
      this.hash2[slot] = h2;
      this.names[slot] = name;
    }
  }
}
