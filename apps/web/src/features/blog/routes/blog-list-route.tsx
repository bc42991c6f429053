import { PlaceholderScreen } from '@/components/layout/placeholder-screen.tsx';

export default function BlogListRoute() {
  return <PlaceholderScreen title="Blog" />;
}
