import { PlaceholderScreen } from '@/components/layout/placeholder-screen.tsx';

export default function AboutRoute() {
  return <PlaceholderScreen title="About Us" />;
}
