import { WEB_ROUTES } from '@riskscan/contracts';
import type { RouteObject } from 'react-router';
import type { RouteMeta } from '@/lib/route-meta.ts';

type Handle = { meta?: RouteMeta };

/** A lazily loaded screen: each feature's code is fetched only when its route is opened. */
function screen(
  path: string,
  meta: RouteMeta | undefined,
  load: () => Promise<{ default: React.ComponentType }>,
  id?: string,
): RouteObject {
  const handle: Handle = meta ? { meta } : {};
  return { path, ...(id ? { id } : {}), handle, lazy: async () => ({ Component: (await load()).default }) };
}

const contentPage = (path: string, title: string, description: string) =>
  screen(path, { title, description }, () => import('@/features/content/routes/content-page-route.tsx'));

/** Every route of SPEC §2, in the order of its table. */
export const routeTable: RouteObject[] = [
  screen(
    WEB_ROUTES.home,
    {
      title: 'Browsing Risk Test: Is this URL safe to visit?',
      description: 'Scan any URL now, the most powerful tool to detect and stop potentially malicious websites.',
    },
    () => import('@/app/routes/home-route.tsx'),
  ),
  screen(WEB_ROUTES.profile, undefined, () => import('@/app/routes/profile-route.tsx')),
  screen(WEB_ROUTES.profileSection, undefined, () => import('@/app/routes/profile-route.tsx')),
  screen(
    WEB_ROUTES.about,
    { title: 'About Us', description: 'Who we are, what riskscan has scanned so far, and how to contact us.' },
    () => import('@/features/about/routes/about-route.tsx'),
  ),
  screen(
    WEB_ROUTES.blog,
    { title: 'Blog', description: 'News and features from the riskscan team: threats we see and how we catch them.' },
    () => import('@/features/blog/routes/blog-list-route.tsx'),
  ),
  screen(
    WEB_ROUTES.blogPost,
    { title: 'Blog', description: 'An article from the riskscan blog.' },
    () => import('@/features/blog/routes/blog-detail-route.tsx'),
  ),
  screen(
    WEB_ROUTES.pricing,
    { title: 'Pricing', description: 'Plans for visitors, security teams and businesses: Free, Professional, Business and Ultra.' },
    () => import('@/features/pricing/routes/pricing-route.tsx'),
  ),
  screen(
    WEB_ROUTES.purchase,
    { title: 'Our Shop', description: 'Choose and purchase a riskscan membership.' },
    () => import('@/features/purchase/routes/purchase-route.tsx'),
  ),
  screen(
    WEB_ROUTES.scanPermalink,
    { title: 'Scan report', description: 'A riskscan report: risk score, level, classifications and the checks behind them.' },
    () => import('@/features/scan/routes/scan-permalink-route.tsx'),
  ),
  screen(
    WEB_ROUTES.search,
    {
      title: 'Search scans',
      description: 'Find scans by domain, IP address, AS, hash, brand, risk level or date, and pivot between them.',
    },
    () => import('@/features/search/routes/search-route.tsx'),
  ),
  screen(
    WEB_ROUTES.verdictReports,
    { title: 'Verdict reports', description: 'Reports of wrong verdicts for operators to review.' },
    () => import('@/features/scan/routes/verdict-reports-route.tsx'),
  ),
  contentPage(WEB_ROUTES.useCases, 'Use Cases', 'How security teams, brand owners and visitors use riskscan.'),
  contentPage(WEB_ROUTES.integration, 'Integration', 'Connect riskscan to your SOC, SIEM or mail gateway through the REST API.'),
  contentPage(WEB_ROUTES.technology, 'Technology', 'How riskscan checks a URL: rules, AI, reputation feeds and typosquatting detection.'),
  contentPage(WEB_ROUTES.faq, 'FAQ', 'Answers to common questions about riskscan.'),
  contentPage(WEB_ROUTES.scamCategories, 'Scam Categories', 'The kinds of scams riskscan detects and how to recognise them.'),
  screen(
    WEB_ROUTES.signIn,
    { title: 'Sign in', description: 'Sign in to your riskscan account.' },
    () => import('@/features/auth/routes/signin-route.tsx'),
  ),
  screen(
    WEB_ROUTES.signUp,
    { title: 'Sign up', description: 'Create a riskscan account.' },
    () => import('@/features/auth/routes/signup-route.tsx'),
  ),
  screen(
    WEB_ROUTES.forgotPassword,
    { title: 'Forgot password', description: 'Reset the password of your riskscan account.' },
    () => import('@/features/auth/routes/forgot-password-route.tsx'),
  ),
  screen(
    WEB_ROUTES.resetPassword,
    { title: 'Reset password', description: 'Choose a new password.' },
    () => import('@/features/auth/routes/reset-password-route.tsx'),
  ),
  screen(
    WEB_ROUTES.activateAccount,
    { title: 'Activate account', description: 'Activating your riskscan account.' },
    () => import('@/features/auth/routes/activate-account-route.tsx'),
  ),
  screen(
    WEB_ROUTES.paymentSuccess,
    { title: 'Payment Successful', description: 'Your payment went through.' },
    () => import('@/features/payment/routes/payment-success-route.tsx'),
    'success',
  ),
  screen(
    WEB_ROUTES.paymentCancel,
    { title: 'Payment Canceled', description: 'Your payment was not completed.' },
    () => import('@/features/payment/routes/payment-cancel-route.tsx'),
    'cancel',
  ),
  screen(
    WEB_ROUTES.leavingWarning,
    { title: 'Careful: this page may be dangerous', description: 'riskscan rated the page this link leads to Risky or Danger.' },
    () => import('@/app/routes/leaving-route.tsx'),
  ),
  screen('*', { title: 'Page not found', description: 'This page does not exist.' }, () => import('@/app/routes/not-found-route.tsx')),
];
