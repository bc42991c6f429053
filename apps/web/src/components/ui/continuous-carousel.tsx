import { type ReactNode, useEffect, useRef } from 'react';
import './continuous-carousel.css';

/** SPEC §9: the strips glide without pause, speed 5000, delay 0. */
export const CAROUSEL_SPEED_MS = 5000;
export const CAROUSEL_DELAY_MS = 0;

/** Written as plain destructured imports so the bundler keeps only Swiper's Autoplay module. */
async function startSwiper(root: HTMLElement): Promise<() => void> {
  const { Swiper } = await import('swiper');
  const { Autoplay } = await import('swiper/modules');
  await import('swiper/css');
  const swiper = new Swiper(root, {
    modules: [Autoplay],
    slidesPerView: 'auto',
    spaceBetween: 24,
    loop: true,
    speed: CAROUSEL_SPEED_MS,
    allowTouchMove: false,
    autoplay: { delay: CAROUSEL_DELAY_MS, disableOnInteraction: false, pauseOnMouseEnter: false },
  });
  return () => swiper.destroy(true, false);
}

/**
 * A row of slides that scrolls continuously. The markup is Swiper's own, rendered at once so the
 * strip keeps its size; Swiper itself is fetched once the strip nears the screen and starts the motion.
 */
export function ContinuousCarousel({ items, label, slideClassName }: { items: ReactNode[]; label: string; slideClassName?: string }) {
  const rootRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const root = rootRef.current;
    // Without an IntersectionObserver (old browsers, jsdom) the strip stays still, as with reduced motion.
    if (!root || !('IntersectionObserver' in window) || window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return;
    let destroy: (() => void) | undefined;
    let cancelled = false;
    // Swiper is fetched when the strip comes near the screen: no part of the page's initial load.
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        void startSwiper(root).then((stop) => {
          if (cancelled) stop();
          else destroy = stop;
        });
      },
      { rootMargin: '200px 0px' },
    );
    observer.observe(root);
    return () => {
      cancelled = true;
      observer.disconnect();
      destroy?.();
    };
  }, []);

  // Loop mode needs enough slides to fill wide screens twice over.
  const slides = items.length < 8 ? [...items, ...items] : items;
  return (
    <div ref={rootRef} className="swiper continuous-carousel" role="region" aria-label={label}>
      <ul className="swiper-wrapper continuous-carousel__track">
        {slides.map((item, index) => (
          <li
            key={index}
            className={`swiper-slide continuous-carousel__slide ${slideClassName ?? ''}`}
            aria-hidden={index >= items.length || undefined}
          >
            {item}
          </li>
        ))}
      </ul>
    </div>
  );
}
