import { useEffect } from 'react';
import { Link, Outlet, useMatches } from 'react-router';
import { applyRouteMeta, type RouteMeta } from '../route-meta.ts';

function useRouteMeta(): void {
  const matches = useMatches();
  const meta = [...matches]
    .reverse()
    .map((m) => (m.handle as { meta?: RouteMeta } | undefined)?.meta)
    .find(Boolean);
  useEffect(() => applyRouteMeta(meta), [meta]);
}

/** The frame around every screen; web app I replaces the bare links with the full header and footer. */
export function RootLayout() {
  useRouteMeta();
  return (
    <>
      <header className="site-header">
        <nav aria-label="Main">
          <Link to="/">Home</Link> <Link to="/blog">Blog</Link> <Link to="/about">About Us</Link> <Link to="/pricing">Pricing</Link>{' '}
          <Link to="/signin">Sign in</Link> <Link to="/signup">Sign up</Link>
        </nav>
      </header>
      <main>
        <Outlet />
      </main>
      <footer className="site-footer">© 2024 riskscan</footer>
    </>
  );
}
