import { describe, expect, it } from 'vitest';
import { unwrapRedirect } from './redirect-wrappers.ts';

const unwrap = (link: string) => unwrapRedirect(new URL(link))?.href ?? null;
const DEST = 'https://evil.example/login?x=1&y=2';

describe('redirect wrappers', () => {
  it('unwraps search engines, mail gateways and click trackers to where they lead', () => {
    expect(unwrap(`https://www.google.com/url?sa=t&q=${encodeURIComponent(DEST)}`)).toBe(DEST);
    expect(unwrap(`https://www.bing.com/ck/a?!&&p=abc&u=a1${Buffer.from(DEST).toString('base64url')}&ntb=1`)).toBe(DEST);
    expect(unwrap(`https://eur01.safelinks.protection.outlook.com/?url=${encodeURIComponent(DEST)}&data=05`)).toBe(DEST);
    expect(unwrap('https://urldefense.proofpoint.com/v2/url?u=https-3A__evil.example_login-3Fx-3D1-26y-3D2&d=DwMF&c=x')).toBe(DEST);
    expect(unwrap('https://urldefense.com/v3/__https://evil.example/login?x=1&y=2__;!!abc$')).toBe(DEST);
    expect(unwrap(`https://l.facebook.com/l.php?u=${encodeURIComponent(DEST)}&h=AT0`)).toBe(DEST);
    expect(unwrap(`https://ad.doubleclick.net/ddm/clk/1;2;3?adurl=${encodeURIComponent(DEST)}`)).toBe(DEST);
  });

  it('unwraps a gateway around a search redirect, and leaves other links alone', () => {
    const google = `https://www.google.com/url?q=${encodeURIComponent(DEST)}`;
    expect(unwrap(`https://nam02.safelinks.protection.outlook.com/?url=${encodeURIComponent(google)}`)).toBe(DEST);
    expect(unwrap('https://www.google.com/search?q=https://evil.example/')).toBeNull();
    expect(unwrap('https://www.bing.com/ck/a?u=notbase64')).toBeNull();
    expect(unwrap(`https://www.google.com/url?q=${encodeURIComponent('javascript:alert(1)')}`)).toBeNull();
    expect(unwrap('https://example.com/url?q=https://evil.example/')).toBeNull();
  });
});
