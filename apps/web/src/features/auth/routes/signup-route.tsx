import { PlaceholderScreen } from '@/components/layout/placeholder-screen.tsx';

export default function SignupRoute() {
  return <PlaceholderScreen title="Sign up" />;
}
