import { describe, expect, it } from 'vitest';
import { linksInHtml, linksInText, shownHostDiffers } from './find-links.ts';

describe('links in a message', () => {
  it('undoes the usual defanging', () => {
    expect(linksInText('see hxxp://bad[.]example[.]net/x, and login-help(.)example.org/reset or www.example.com.')).toEqual([
      'http://bad.example.net/x',
      'https://www.example.com/',
      'https://login-help.example.org/reset',
    ]);
  });

  it('leaves plain words, e-mail addresses and other schemes alone', () => {
    expect(linksInText('Write to help@example.com, call tel:+1555 or file:///etc/passwd; version 1.2.3')).toEqual([]);
  });

  it('flags link text showing another registrable domain, not the same site or plain words', () => {
    expect(shownHostDiffers('www.bank.example', 'https://bank.example.evil.test/login')).toBe(true);
    expect(shownHostDiffers('https://bank.example/login', 'https://secure.bank.example/x')).toBe(false);
    expect(shownHostDiffers('Sign in now', 'https://evil.test/')).toBe(false);
  });

  it('reads hrefs with their visible text, form targets and inline images, skipping scripts', () => {
    const html = `<a href="https://evil.test/x">  <b>www.bank.example</b> </a><a href="mailto:a@b.c">mail</a>
      <script>var u = "https://script.example/"</script><form action="https://collect.test/p"><input type="password"></form>
      <img src="data:image/png;base64,iVBORw0KGgo=">`;
    const found = linksInHtml(html);
    expect(found.links).toEqual([
      { url: 'https://evil.test/x', displayText: 'www.bank.example', mismatch: true },
      { url: 'https://collect.test/p', displayText: null, mismatch: false },
    ]);
    expect(found.forms).toEqual([{ action: 'https://collect.test/p', hasPassword: true }]);
    expect(found.images).toHaveLength(1);
    expect(found.text).not.toContain('script.example');
  });
});

describe('entities in link attributes', () => {
  it('decodes them in every attribute a link is read from: href, area, form action and meta refresh; remote images are no links', () => {
    const html = `<meta http-equiv="refresh" content="0; url=https://r.example/A&amp;Z?a=1&amp;b=2">
      <a href="https://a.example/A&amp;Z?x=1&#38;y=2">a</a><map><area href="https://area.example/A&amp;Z" alt="map"></map>
      <form action="https://form.example/A&amp;Z"><input type="password"></form>
      <img src="https://pixel.example/A&amp;Z.gif">`;
    const urls = linksInHtml(html).links.map((link) => link.url);
    expect(urls).toEqual(
      expect.arrayContaining([
        'https://r.example/A&Z?a=1&b=2',
        'https://a.example/A&Z?x=1&y=2',
        'https://area.example/A&Z',
        'https://form.example/A&Z',
      ]),
    );
    expect(urls.some((url) => url.includes('&amp;') || url.includes('pixel.example'))).toBe(false);
  });
});

describe('wrapped links', () => {
  it('judges a click-through wrapper as where it leads, its query entities decoded', () => {
    const bing = `https://www.bing.com/ck/a?!&amp;&amp;p=1&amp;u=a1${Buffer.from('https://evil.example/A&Z').toString('base64url')}&amp;ntb=1`;
    const { links } = linksInHtml(`<a href="${bing}">Your invoice</a>`);
    expect(links.map((link) => link.url)).toEqual(['https://evil.example/A&Z']);
  });

  it("unwraps mail security gateways' and webmail's rewritten links (Mimecast by the host it names)", () => {
    const wrapped = [
      'https://protect-eu.mimecast.com/s/AbCdEfGhIjKlMn?domain=paypal-account-verify.xyz',
      'https://linkprotect.cudasvc.com/url?a=https%3a%2f%2fchase-online-update.info%2flogin&amp;c=E,1,abc&amp;typo=1',
      'https://imsva91-ctp.trendmicro.com:443/wis/clicktime/v1/query?url=https%3a%2f%2fevil.example%2fpay&amp;umid=1',
      `https://eu-central-1.protection.sophos.com/?d=evil.example&amp;u=${Buffer.from('https://evil.example/sophos').toString('base64')}&amp;i=1`,
      'https://secure-web.cisco.com/1AbC-token/https%3A%2F%2Fevil.example%2Fcisco%3Fa%3D1',
      'https://webmail.camden.gov.uk/owa/redir.aspx?C=abc&amp;URL=https%3a%2f%2fwww.camden.gov.uk%2fcouncil-tax',
      'https://www.googleadservices.com/pagead/aclk?sa=L&amp;adurl=https://shop.example/offer',
    ];
    const { links } = linksInHtml(wrapped.map((href) => `<a href="${href}">Open</a>`).join('\n'));
    expect(links.map((link) => link.url)).toEqual([
      'https://paypal-account-verify.xyz/',
      'https://chase-online-update.info/login',
      'https://evil.example/pay',
      'https://evil.example/sophos',
      'https://evil.example/cisco?a=1',
      'https://www.camden.gov.uk/council-tax',
      'https://shop.example/offer',
    ]);
    // A Mimecast link without a host name, or with something else in `domain`, stays as it is.
    const opaque = 'https://protect-us.mimecast.com/s/AbCdEf?domain=not%20a%20host';
    expect(linksInHtml(`<a href="${opaque}">x</a>`).links.map((link) => link.url)).toEqual([opaque]);
  });
});
