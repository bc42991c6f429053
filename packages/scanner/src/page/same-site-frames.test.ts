import { describe, expect, it } from 'vitest';
import { parsePage } from './page-facts.ts';
import { withSameSiteFrames } from './same-site-frames.ts';
import { asksForSecrets, secretsAskedFor } from './sensitive-inputs.ts';

const NOTICE =
  '<html><head><title>Revenue Office</title></head><body><h1>Your refund</h1><iframe src="/f/form.html"></iframe></body></html>';
const FORM =
  '<form action="/api/r.php"><div>Card number</div><input inputmode="numeric"><div>CVV</div><input maxlength="3"><button>Confirm</button></form>';

describe('same-site frames are part of the page', () => {
  it('gives the page the fields, captions and buttons of a frame from its own site', () => {
    const page = withSameSiteFrames(parsePage(NOTICE, 'https://refund-notice.example/'), [
      { url: 'https://refund-notice.example/f/form.html', html: FORM },
    ]);
    expect(asksForSecrets(page)).toBe(true);
    expect(secretsAskedFor(page)).toContain('card details');
    expect(page.buttons).toContain('Confirm');
    expect(page.forms[0]?.action).toBe('https://refund-notice.example/api/r.php');
    expect(page.prose).toMatch(/Your refund.*Card number/);
  });

  it('counts a frame of a subdomain of the same site, and leaves frames of other sites to be judged on their own', () => {
    const sub = withSameSiteFrames(parsePage(NOTICE, 'https://www.refund-notice.example/'), [
      { url: 'https://pay.refund-notice.example/form', html: FORM },
    ]);
    expect(asksForSecrets(sub)).toBe(true);
    const provider = withSameSiteFrames(parsePage(NOTICE, 'https://refund-notice.example/'), [
      { url: 'https://js.payments-provider.example/card', html: FORM },
    ]);
    expect(asksForSecrets(provider)).toBe(false);
  });
});
