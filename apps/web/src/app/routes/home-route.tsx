import { CallToAction } from '@/features/home/components/call-to-action.tsx';
import { ClientsCarousel } from '@/features/home/components/clients-carousel.tsx';
import { FeaturesSection } from '@/features/home/components/features-section.tsx';
import { HeroIntro } from '@/features/home/components/hero-intro.tsx';
import { LogoStrip } from '@/features/home/components/logo-strip.tsx';
import { LatestScans } from '@/features/scan/components/latest-scans.tsx';
import { ScanSection } from '@/features/scan/components/scan-section.tsx';
import { useSession } from '@/lib/session.ts';
import '@/features/home/components/home.css';

/**
 * The home page of SPEC §2, composed from the scanner and the marketing sections: hero with scan
 * form, latest scans, result view (in place of the hero), partner logos, clients, features, call
 * to action.
 */
export default function HomeRoute() {
  const loggedIn = useSession((state) => state.loggedIn);
  return (
    <>
      <ScanSection intro={<HeroIntro />} />
      <LatestScans showDisabled={loggedIn} />
      <LogoStrip />
      <ClientsCarousel />
      <FeaturesSection />
      <CallToAction />
    </>
  );
}
