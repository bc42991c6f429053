import { create } from 'zustand';
import { Modal } from '@/components/ui/modal.tsx';
import { Logo } from './logo.tsx';
import './cookie-consent.css';

/** Whether the Cookie Policy modal is open; the banner and the footer both open it. */
export const useCookiePolicy = create<{ open: boolean; show(): void; hide(): void }>((set) => ({
  open: false,
  show: () => set({ open: true }),
  hide: () => set({ open: false }),
}));

/** The Cookie Policy modal of SPEC §2: logo, close button and two numbered items. */
export function CookiePolicyModal() {
  const { open, hide } = useCookiePolicy();
  if (!open) return null;
  return (
    <Modal title="Cookie Policy" onClose={hide} badge={<Logo size={28} withName={false} />}>
      <ol className="cookie-policy">
        <li>
          <h3>We use cookies</h3>
          <p>
            This website uses cookies. By continuing to use the site you consent to our use of cookies. Cookies are small text files that a
            website stores in your browser so that it can recognise your device on later visits.
          </p>
        </li>
        <li>
          <h3>What we use cookies for</h3>
          <p>
            Cookies help make the site work, remember your preferences, analyse how the site is used, and personalise content and
            advertisements. You can disable cookies in your browser settings; doing so may limit how you can interact with the site.
          </p>
        </li>
      </ol>
    </Modal>
  );
}
