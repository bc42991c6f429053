import { PlaceholderScreen } from '@/components/layout/placeholder-screen.tsx';

export default function ResetPasswordRoute() {
  return <PlaceholderScreen title="Reset password" />;
}
