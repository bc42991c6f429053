import { PlaceholderScreen } from '@/components/layout/placeholder-screen.tsx';

export default function ActivateAccountRoute() {
  return <PlaceholderScreen title="Activating now" />;
}
