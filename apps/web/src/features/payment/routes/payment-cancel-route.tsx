import { PaymentResult } from '../components/payment-result.tsx';

export default function PaymentCancelRoute() {
  return (
    <PaymentResult tone="cancel" title="Payment Canceled">
      <p>Your payment was not completed and you have not been charged. You can retry the purchase at any time.</p>
    </PaymentResult>
  );
}
