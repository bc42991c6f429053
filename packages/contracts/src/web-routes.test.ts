import { describe, expect, it } from 'vitest';
import { isWebRoute } from './web-routes.ts';

describe('isWebRoute', () => {
  it.each([
    '/',
    '/about',
    '/blogdetail/some-post/',
    '/profile',
    '/profile/license_details',
    '/scan/3f2a',
    '/payment/success/',
    '/payment/cancel',
  ])('knows the page %s', (path) => expect(isWebRoute(path)).toBe(true));

  it.each(['/no/such/page', '/abouts', '/blogdetail', '/profile/a/b', '/activate-account/9'])('does not know %s', (path) =>
    expect(isWebRoute(path)).toBe(false),
  );
});
