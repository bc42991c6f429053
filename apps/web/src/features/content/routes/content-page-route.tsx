import { useMatches } from 'react-router';
import { PlaceholderScreen } from '@/components/layout/placeholder-screen.tsx';
import type { RouteMeta } from '@/app/route-meta.ts';

/** One screen for the five CMS pages; the route's metadata names the page. */
export default function ContentPageRoute() {
  const match = useMatches().at(-1);
  const meta = (match?.handle as { meta?: RouteMeta } | undefined)?.meta;
  return <PlaceholderScreen title={meta?.title ?? ''} />;
}
