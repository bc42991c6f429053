import { isRiskyOrWorse, WEB_ROUTES } from '@riskscan/contracts';
import type { ReactNode } from 'react';

const isWebUrl = (url: string) => /^https?:\/\//i.test(url);

/**
 * Where a link to a scanned page goes: straight there, or for a Risky or Danger page to our
 * warning first. The warning is told only the scan's uid and reads the verdict from the server,
 * so an edited link cannot make it say a page is safer or worse than it is. Without a uid a
 * risky page gets no link at all.
 */
export function scannedPageHref(url: string, score: number, scanUid: string | undefined): string | undefined {
  if (!isWebUrl(url)) return undefined;
  if (!isRiskyOrWorse(score)) return url;
  if (!scanUid) return undefined;
  return `${WEB_ROUTES.leavingWarning}?${new URLSearchParams({ scan: scanUid }).toString()}`;
}

/**
 * A link to a page riskscan scanned (SPEC §2: it opens a new tab). Pages rated Risky or Danger
 * open on a warning page first, never directly; the page opened learns nothing of us.
 */
export function ScannedPageLink({
  url,
  score,
  scanUid,
  className,
  title,
  children,
}: {
  url: string;
  score: number;
  scanUid: string | undefined;
  className?: string;
  title?: string;
  children?: ReactNode;
}) {
  return (
    <a href={scannedPageHref(url, score, scanUid)} target="_blank" rel="noopener noreferrer nofollow" className={className} title={title}>
      {children ?? url}
    </a>
  );
}
