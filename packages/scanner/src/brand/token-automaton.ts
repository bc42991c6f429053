/**
 * An Aho-Corasick automaton over lower-case letters and digits: finds every dictionary word inside
 * a text in one pass, whatever the dictionary's size. The goto function is a full table, so a step
 * is one array read.
 */
const ALPHABET = 36;

function symbol(code: number): number {
  if (code >= 97 && code <= 122) return code - 97;
  if (code >= 48 && code <= 57) return code - 22;
  return -1;
}

export type AutomatonHit = { word: number; end: number };

export class TokenAutomaton {
  private readonly next: Int32Array;
  /** The word ending at a state (its longest), or -1. */
  private readonly output: Int32Array;
  /** The nearest state down the failure chain that ends a word. */
  private readonly outputLink: Int32Array;
  readonly lengths: number[];

  constructor(words: readonly string[]) {
    const trie: number[][] = [new Array<number>(ALPHABET).fill(-1)];
    const ends: number[] = [-1];
    this.lengths = words.map((word) => word.length);
    words.forEach((word, index) => {
      let state = 0;
      for (let i = 0; i < word.length; i++) {
        const s = symbol(word.charCodeAt(i));
        if (s < 0) return;
        const row = trie[state]!;
        if (row[s] === -1) {
          row[s] = trie.length;
          trie.push(new Array<number>(ALPHABET).fill(-1));
          ends.push(-1);
        }
        state = row[s]!;
      }
      const previous = ends[state]!;
      if (previous === -1 || this.lengths[previous]! < word.length) ends[state] = index;
    });
    const count = trie.length;
    this.next = new Int32Array(count * ALPHABET);
    this.output = Int32Array.from(ends);
    this.outputLink = new Int32Array(count).fill(-1);
    const fail = new Int32Array(count);
    const queue: number[] = [];
    for (let s = 0; s < ALPHABET; s++) {
      const child = trie[0]![s]!;
      if (child === -1) this.next[s] = 0;
      else {
        this.next[s] = child;
        fail[child] = 0;
        queue.push(child);
      }
    }
    for (let head = 0; head < queue.length; head++) {
      const state = queue[head]!;
      const link = fail[state]!;
      this.outputLink[state] = this.output[link]! !== -1 ? link : this.outputLink[link]!;
      for (let s = 0; s < ALPHABET; s++) {
        const child = trie[state]![s]!;
        if (child === -1) this.next[state * ALPHABET + s] = this.next[link * ALPHABET + s]!;
        else {
          fail[child] = this.next[link * ALPHABET + s]!;
          this.next[state * ALPHABET + s] = child;
          queue.push(child);
        }
      }
    }
  }

  /** Every dictionary word found in `text` (indexes into the constructor's list), with where it ends. */
  find(text: string): AutomatonHit[] {
    const hits: AutomatonHit[] = [];
    let state = 0;
    for (let i = 0; i < text.length; i++) {
      const s = symbol(text.charCodeAt(i));
      if (s < 0) {
        state = 0;
        continue;
      }
      state = this.next[state * ALPHABET + s]!;
      let at = this.output[state]! !== -1 ? state : this.outputLink[state]!;
      while (at > 0) {
        hits.push({ word: this.output[at]!, end: i + 1 });
        at = this.outputLink[at]!;
      }
    }
    return hits;
  }
}
