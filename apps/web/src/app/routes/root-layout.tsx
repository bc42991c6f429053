import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useMatches } from 'react-router';
import { CookieBanner } from '@/components/layout/cookie-banner.tsx';
import { CookiePolicyModal } from '@/components/layout/cookie-policy.tsx';
import { SiteFooter } from '@/components/layout/site-footer.tsx';
import { SiteHeader } from '@/components/layout/site-header.tsx';
import { applyRouteMeta, type RouteMeta } from '@/lib/route-meta.ts';
import '../styles/global.css';

function useRouteMeta(): void {
  const matches = useMatches();
  const meta = [...matches]
    .reverse()
    .map((m) => (m.handle as { meta?: RouteMeta } | undefined)?.meta)
    .find(Boolean);
  useEffect(() => applyRouteMeta(meta), [meta]);
}

/** The frame around every screen: header, footer, cookie banner and the Cookie Policy modal. */
export function RootLayout() {
  useRouteMeta();
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <SiteHeader />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter />
      <CookieBanner />
      <CookiePolicyModal />
      {/* A new page starts at its top, Back returns to where one was, and `#contact-us` scrolls to its
          section once the lazily loaded screen is there (the browser's own jump comes too early). */}
      <ScrollRestoration />
    </>
  );
}
