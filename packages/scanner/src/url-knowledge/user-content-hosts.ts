import { FREE_HOSTING } from './free-hosting.ts';
import { SHORTENERS } from './shorteners.ts';

/**
 * Well-known domains where anyone can publish a page or a form, or that only redirect: a phishing
 * page on them is the tenant's, so they never vouch for the URLs they serve.
 */
export const USER_CONTENT_HOSTS: ReadonlySet<string> = new Set([
  ...FREE_HOSTING,
  ...SHORTENERS,
  'dropboxusercontent.com',
  'forms.gle',
  'githubusercontent.com',
  'googleusercontent.com',
  'jotform.com',
  'typeform.com',
  'windows.net',
]);
