/** What the URL itself tells: one home for the lists the checks, the verdict and the server share. */
export { ABUSED_TLDS } from './abused-tlds.ts';
export { ACCOUNT_PAGES, FREE_HOSTING, freeHostingPlatform, MACHINE_HOSTS } from './free-hosting.ts';
export { COMBO_WORDS, LURE_THEMES, LURE_WORDS, type LureTheme, type LureWord, WORD_MAKING_ENDINGS } from './lure-words.ts';
export { KIT_PAGE_WORDS } from './kit-pages.ts';
export { PROJECT_WORDS } from './project-words.ts';
export { chosenTenantName } from './platform-names.ts';
export { isShortener, SHORTENERS } from './shorteners.ts';
export { SITE_SECTIONS } from './site-sections.ts';
export { BRAND_TLDS, underBrandTld } from './brand-tlds.ts';
export { isPlatformHost, isUserContentHost, SHARED_CONTENT_HOSTS, USER_CONTENT_HOSTS } from './user-content-hosts.ts';
export { entropy, looksRandom } from './label-shape.ts';
export { isUnusualPort, WEB_PORTS } from './web-ports.ts';
export { unwrapRedirect } from './redirect-wrappers.ts';
