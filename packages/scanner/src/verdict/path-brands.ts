import type { Brand, BrandCatalogue } from '../brand/brand-catalogue.ts';
import { TokenAutomaton } from '../brand/token-automaton.ts';

// Shorter names hide inside ordinary path words (`ups` in `groups`); these count as words of their own.
const MIN_INSIDE = 6;
const MIN_WORD = 4;
// Kit paths name their target early; the rest of a long path is tokens.
const MAX_PATH = 200;

// Sectors whose name next to a stranger's domain is a lure by itself: nobody runs their own bank.
export const LURE_SECTORS: ReadonlySet<string> = new Set(['bank', 'payment', 'crypto', 'government', 'delivery']);

/**
 * Whether phishing imitates a brand: a curated one, or one of a lure sector. Other catalogue
 * brands named in a path are the software, protocol or format a site runs (`/openid-connect/`,
 * `/swagger/index.html`, `/springboot`), not whose sign-in a kit fakes (decision 524).
 */
function isImitated(brand: Brand): boolean {
  return brand.curated || LURE_SECTORS.has(brand.sector);
}

function isWordChar(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 48 && code <= 57);
}

/**
 * Brand names in a URL's path and query: phishing on a compromised or shared host carries its
 * target only there (`/wp-content/x/bank/login.php`). Only brands phishing imitates are looked
 * for (`isImitated`). Curated brands' names of four letters or more count as words of their own,
 * six or more also inside a word; other brands of a lure sector count from six letters.
 */
export class PathBrands {
  private readonly tokens: string[] = [];
  private readonly owners: Brand[] = [];
  private readonly automaton: TokenAutomaton;

  constructor(catalogue: BrandCatalogue) {
    const seen = new Set<string>();
    for (const brand of catalogue.brands) {
      if (!isImitated(brand)) continue;
      for (const token of brand.tokens) {
        if (seen.has(token) || token.length < (brand.curated ? MIN_WORD : MIN_INSIDE) || !/^[a-z0-9]+$/.test(token)) continue;
        seen.add(token);
        this.tokens.push(token);
        this.owners.push(brand);
      }
    }
    this.automaton = new TokenAutomaton(this.tokens);
  }

  /** The first brand named in the (lower-case) path, or null. */
  find(path: string): Brand | null {
    const text = path.length > MAX_PATH ? path.slice(0, MAX_PATH) : path;
    for (const hit of this.automaton.find(text)) {
      const length = this.tokens[hit.word]!.length;
      if (length >= MIN_INSIDE) return this.owners[hit.word]!;
      const start = hit.end - length;
      const before = start > 0 ? text.charCodeAt(start - 1) : 47;
      const after = hit.end < text.length ? text.charCodeAt(hit.end) : 47;
      if (!isWordChar(before) && !isWordChar(after)) return this.owners[hit.word]!;
    }
    return null;
  }
}
