import { PlaceholderScreen } from '@/components/layout/placeholder-screen.tsx';

export default function SigninRoute() {
  return <PlaceholderScreen title="Sign in" />;
}
