/**
 * The names a reputation index holds (hosts and registrable domains), one bit each in a table
 * about 32 times their number: a name never added answers false after one hash and one memory
 * read. Nearly every URL a log or a mail holds is listed nowhere, and asking the index's maps
 * about it cost three look-ups in maps of 100,000 entries, about 2 µs: as much again as the rest
 * of a verdict (bench/verdict, session 19). A true answer may be wrong (for 3-6% of unlisted
 * names: 16-32 bits a name); the maps decide then. Names are never taken out: a withdrawn one stays a
 * false positive until the table is rebuilt.
 */
export class NameFilter {
  private readonly bits: Uint32Array;
  private readonly mask: number;
  private count = 0;

  /** A table for `expected` names, a power of two of bits: at least 2^16, 32 bits a name. */
  constructor(expected = 0) {
    const size = Math.max(1 << 16, 2 ** Math.ceil(Math.log2(Math.max(1, expected) * 32)));
    this.bits = new Uint32Array(size >>> 5);
    this.mask = size - 1;
  }

  /** Fewer than 16 bits a name: the owner rebuilds a bigger table from its names. */
  get crowded(): boolean {
    return this.count * 16 > this.mask + 1;
  }

  add(name: string): void {
    const slot = slotOf(name) & this.mask;
    this.bits[slot >>> 5]! |= 1 << (slot & 31);
    this.count++;
  }

  mayHold(name: string): boolean {
    const slot = slotOf(name) & this.mask;
    return (this.bits[slot >>> 5]! & (1 << (slot & 31))) !== 0;
  }
}

/** FNV-1a over the UTF-16 code units, then a multiply-shift mix so the low bits depend on every character. */
function slotOf(name: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < name.length; index++) hash = Math.imul(hash ^ name.charCodeAt(index), 0x01000193);
  hash ^= hash >>> 15;
  hash = Math.imul(hash, 0x2c1b3c6d);
  return (hash ^ (hash >>> 12)) >>> 0;
}
