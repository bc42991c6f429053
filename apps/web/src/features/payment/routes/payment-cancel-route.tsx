import { PlaceholderScreen } from '@/components/layout/placeholder-screen.tsx';

export default function PaymentCancelRoute() {
  return <PlaceholderScreen title="Payment Canceled" />;
}
