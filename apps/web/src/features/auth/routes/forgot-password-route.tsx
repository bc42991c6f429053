import { PlaceholderScreen } from '@/components/layout/placeholder-screen.tsx';

export default function ForgotPasswordRoute() {
  return <PlaceholderScreen title="Forgot password" />;
}
