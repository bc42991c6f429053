import { PlaceholderScreen } from '@/components/layout/placeholder-screen.tsx';

export default function PaymentSuccessRoute() {
  return <PlaceholderScreen title="Payment Successful" />;
}
