import { describe, expect, it } from 'vitest';
import { pageModelCheck } from '../page-model-check.ts';
import { html, messageOf, runCheck, scoreOf } from '../../testing/check-harness.ts';
import { defaultPageModel, PAGE_FEATURES, PageModel } from './page-model.ts';

const thirdParty = Array.from({ length: 9 }, (_, index) => `<script src="https://cdn${index}.assets.example/lib.js"></script>`).join('');

describe('page model', () => {
  it('is trained on the details the checks have now, with weights that only add evidence', () => {
    const model = defaultPageModel();
    expect(model.weights.features).toEqual(PAGE_FEATURES);
    expect(model.weights.weights.every((weight) => weight >= 0)).toBe(true);
    expect(() => new PageModel({ ...model.weights, features: PAGE_FEATURES.slice(1) })).toThrow(/train:page/);
  });

  it('calls a branded lure landing page that no single rule decides, and says why in plain words', () => {
    const body = `<h1>Your account has been suspended</h1><p>Verify within 24 hours to avoid suspension.</p><a href="/step2">Continue</a>${thirdParty}`;
    const category = runCheck(pageModelCheck, { url: 'https://secure-notice.example-kit.net/', html: html(body, 'PayPal') });
    expect(scoreOf(category, 'page_model')).toBeGreaterThanOrEqual(70);
    expect(messageOf(category, 'page_model')).toMatch(/brand on a foreign domain/);
  });

  it('leaves an honest article about the same lure, a login and a checkout alone', () => {
    const article = `<h1>PayPal: "Your account has been suspended"</h1><p>Readers report "Verify within 24 hours". Do not click.</p>${thirdParty}<form action="https://list.example-mail.com/s"><input type="email" name="email"><button>Subscribe</button></form>`;
    expect(
      scoreOf(
        runCheck(pageModelCheck, { url: 'https://tech-weekly.com/story', html: html(article, 'PayPal users locked out – Tech Weekly') }),
        'page_model',
      ),
    ).toBe(0);
    const login = '<form action="/login" method="post"><input name="user"><input type="password" name="pw"></form>';
    expect(scoreOf(runCheck(pageModelCheck, { url: 'http://club.example/login', html: html(login, 'Club') }), 'page_model')).toBe(0);
    const checkout = `<form action="/pay"><input name="cardnumber"><input name="cvv"></form>${thirdParty}`;
    expect(scoreOf(runCheck(pageModelCheck, { url: 'https://shop.example/checkout', html: html(checkout, 'Shop') }), 'page_model')).toBe(0);
  });
});
