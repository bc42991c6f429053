import { COOKIE_CONSENT } from '@/lib/storage-keys.ts';

const ONE_YEAR_S = 365 * 24 * 60 * 60;

export function hasConsent(cookies: string = document.cookie): boolean {
  return cookies.split(';').some((part) => part.trim().startsWith(`${COOKIE_CONSENT}=`));
}

export function giveConsent(doc: Document = document): void {
  doc.cookie = `${COOKIE_CONSENT}=true; max-age=${ONE_YEAR_S}; path=/; SameSite=Lax`;
}
