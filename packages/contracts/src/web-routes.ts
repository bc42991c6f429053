import { SCAN_PERMALINK_PREFIX } from './scan.ts';
import { SEARCH_PATH } from './search.ts';

/**
 * The web app's routes (SPEC §2 route table): the app's router is built from these, and the
 * server answers 404 for any other page address (the app still shows its not-found screen).
 */
export const WEB_ROUTES = {
  home: '/',
  profile: '/profile',
  profileSection: '/profile/:id',
  about: '/about',
  blog: '/blog',
  blogPost: '/blogdetail/:slug',
  pricing: '/pricing',
  purchase: '/purchasedsubscription/:id',
  scanPermalink: `${SCAN_PERMALINK_PREFIX}:uid`,
  /** Search and pivots over scans (`?q=`). */
  search: SEARCH_PATH,
  useCases: '/usecases',
  integration: '/integration',
  technology: '/technology',
  faq: '/faq',
  scamCategories: '/scam-categories',
  signIn: '/signin',
  signUp: '/signup',
  forgotPassword: '/forgot-password',
  resetPassword: '/password-reset/token/:id',
  activateAccount: '/activate-account/:id/:token',
  paymentSuccess: '/payment/success/',
  paymentCancel: '/payment/cancel/',
  /** Operators review reports of wrong verdicts (decision 331). */
  verdictReports: '/admin/verdict-reports',
  /** The warning shown before a link to a Risky or Danger page opens (`?scan=`: the verdict is read from the server). */
  leavingWarning: '/leaving',
} as const;

const segments = (path: string) => path.split('/').filter((segment) => segment !== '');

/** True when `pathname` is one of the app's pages, matched as the router does (`:param` is one segment, a trailing slash is optional). */
export function isWebRoute(pathname: string): boolean {
  const parts = segments(pathname);
  return Object.values(WEB_ROUTES).some((route) => {
    const pattern = segments(route);
    return pattern.length === parts.length && pattern.every((segment, i) => segment.startsWith(':') || segment === parts[i]);
  });
}
