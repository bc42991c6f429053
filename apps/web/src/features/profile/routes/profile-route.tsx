import { PlaceholderScreen } from '@/components/layout/placeholder-screen.tsx';

export default function ProfileRoute() {
  return <PlaceholderScreen title="Profile" />;
}
