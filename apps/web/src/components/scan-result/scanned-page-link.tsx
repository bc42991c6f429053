import { isRiskyOrWorse, WEB_ROUTES } from '@riskscan/contracts';
import type { ReactNode } from 'react';

const isWebUrl = (url: string) => /^https?:\/\//i.test(url);

/** Where a link to a scanned page goes: straight there, or for a Risky or Danger page to our warning first. */
export function scannedPageHref(url: string, score: number): string | undefined {
  if (!isWebUrl(url)) return undefined;
  if (!isRiskyOrWorse(score)) return url;
  return `${WEB_ROUTES.leavingWarning}?${new URLSearchParams({ url, score: String(score) }).toString()}`;
}

/**
 * A link to a page riskscan scanned (SPEC §2: it opens a new tab). Pages rated Risky or Danger
 * open on a warning page first, never directly; the page opened learns nothing of us.
 */
export function ScannedPageLink({
  url,
  score,
  className,
  title,
  children,
}: {
  url: string;
  score: number;
  className?: string;
  title?: string;
  children?: ReactNode;
}) {
  return (
    <a href={scannedPageHref(url, score)} target="_blank" rel="noopener noreferrer nofollow" className={className} title={title}>
      {children ?? url}
    </a>
  );
}
