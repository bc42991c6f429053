import { PlaceholderScreen } from '@/components/layout/placeholder-screen.tsx';

export default function PurchaseRoute() {
  return <PlaceholderScreen title="Our Shop" />;
}
