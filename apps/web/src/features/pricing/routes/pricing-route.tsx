import { PlaceholderScreen } from '@/components/layout/placeholder-screen.tsx';

export default function PricingRoute() {
  return <PlaceholderScreen title="Pricing" />;
}
