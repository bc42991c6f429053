import { Modal } from '@/components/ui/modal.tsx';
import './video-modal.css';

const STEPS = [
  { title: 'Paste a link', text: 'Enter any URL, from an e-mail, a chat or a proxy log.' },
  { title: 'We visit it safely', text: 'A sandboxed browser loads the page, takes a screenshot and collects what it finds.' },
  { title: 'Checks run', text: 'Rules, AI, reputation feeds and typosquatting detection look at the URL, content and images.' },
  { title: 'You get one score', text: 'A 0-100 risk score, its level and the details behind it.' },
] as const;

/**
 * The Watch Video modal. The tour is an animation drawn by the page itself: the product loads no
 * players or frames from other hosts.
 */
export function VideoModal({ onClose }: { onClose: () => void }) {
  return (
    <Modal title="How riskscan works" onClose={onClose} size="large">
      <div className="video-tour" role="img" aria-label="Animated tour: a URL is entered, scanned, checked and scored">
        <div className="video-tour__screen">
          <div className="video-tour__bar">
            <span className="video-tour__typed">https://secure-login.examp1e-bank.com</span>
          </div>
          <div className="video-tour__scan" />
          <div className="video-tour__score">
            <span>86</span>
            <small>Danger</small>
          </div>
        </div>
      </div>
      <ol className="video-tour__steps">
        {STEPS.map((step) => (
          <li key={step.title}>
            <strong>{step.title}</strong>
            <span>{step.text}</span>
          </li>
        ))}
      </ol>
    </Modal>
  );
}
