import { PaymentResult } from '../components/payment-result.tsx';

export default function PaymentSuccessRoute() {
  return (
    <PaymentResult tone="success" title="Payment Successful">
      <p>Thank you! Your membership is active. We have sent a confirmation e-mail with your receipt.</p>
    </PaymentResult>
  );
}
