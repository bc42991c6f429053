import { PlaceholderScreen } from '@/components/layout/placeholder-screen.tsx';

export default function BlogDetailRoute() {
  return <PlaceholderScreen title="Blog" />;
}
