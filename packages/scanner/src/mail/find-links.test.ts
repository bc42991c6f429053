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

describe('wrapped links', () => {
  it('judges a click-through wrapper as where it leads, its query entities decoded', () => {
    const bing = `https://www.bing.com/ck/a?!&amp;&amp;p=1&amp;u=a1${Buffer.from('https://evil.example/A&Z').toString('base64url')}&amp;ntb=1`;
    const { links } = linksInHtml(`<a href="${bing}">Your invoice</a>`);
    expect(links.map((link) => link.url)).toEqual(['https://evil.example/A&Z']);
  });
});
