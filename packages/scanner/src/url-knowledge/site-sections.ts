import { LANGUAGES, UNSPACED } from '../page/lexicon/lexicon.ts';
import { LURE_WORDS } from './lure-words.ts';

// prettier-ignore
const SECTION_WORDS = [
  'api', 'rss', 'feed', 'feeds', 'status', 'wiki', 'blog', 'blogs', 'docs', 'doc', 'kb', 'faq', 'forum', 'forums',
  'shop', 'store', 'news', 'mail', 'cdn', 'static', 'media', 'dev', 'data', 'dashboard', 'community', 'developer',
  'developers', 'm', 'mobile', 'cv', 'home', 'web', 'www2', 'git', 'code', 'events', 'jobs', 'careers', 'info', 'library',
  'learn', 'research', 'hub', 'handbook', 'files', 'download', 'downloads', 'images', 'img', 'video', 'radio', 'tv',
  'stats', 'search', 'maps', 'services', 'answers',
  // The self-hosted community software a site runs under its own name (decision 582).
  'social', 'lemmy', 'mastodon', 'matrix', 'fedi', 'pixelfed', 'peertube', 'nextcloud', 'forgejo', 'gitea', 'gitlab',
  'discourse', 'talks', 'cfp',
  // Where software makers show and discuss their product under its own name (decision 605).
  'demo', 'playground', 'bbs', 'book', 'books',
  // A company's or person's writing under its own name, and a public body's transparency portal
  // (`transparencia.` of Brazil's and Spain's town halls), decision 595.
  'notes', 'devblog', 'techblog', 'engineering', 'transparencia',
  // A language's own section (`de.`, `pl.`, `zh.`): the page lexicon's languages, its unspaced
  // scripts' (ja, zh, ko, th) and two more.
  ...LANGUAGES, ...UNSPACED, 'pl', 'ru',
];

/**
 * The names sites give their own sections and services (`api.`, `feeds.`, `wiki.`, `status.`,
 * a language): like `www`, such a subdomain is the site's own door, not a level a kit stacks
 * before someone else's name. A word phishing uses as a lure (`login`, `secure`, `support`)
 * never counts as one, whatever a site calls its section.
 */
export const SITE_SECTIONS: ReadonlySet<string> = new Set(SECTION_WORDS.filter((word) => !LURE_WORDS.has(word)));
