import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  fuzzyHash,
  fuzzyHashSimilarity,
  hashSimilarity,
  htmlSimilarity,
  normalizeHtml,
  perceptualHash,
  visualSimilarity,
} from './page-similarity.ts';

function loginPage(host: string, extra = ''): string {
  const rows = Array.from(
    { length: 40 },
    (_, i) => `<li class="nav-item"><a href="https://${host}/section/${i}">Section ${i} of the help centre</a></li>`,
  );
  return `<!doctype html><html><head><title>Log in to your account</title><link rel="stylesheet" href="https://${host}/app.css"></head>
<body><header><img src="https://${host}/logo.svg" alt="Acme"></header><main><h1>Log in</h1>
<form action="https://${host}/signin" method="post"><label>Email <input name="email" type="email"></label>
<label>Password <input name="password" type="password"></label><button type="submit">Next</button></form>
${extra}<ul>${rows.join('\n')}</ul></main><footer>Copyright Acme Inc. All rights reserved. Privacy. Terms. Cookies.</footer></body></html>`;
}

function newsPage(): string {
  const stories = Array.from(
    { length: 40 },
    (_, i) => `<article><h2>Story number ${i * 7}</h2><p>Weather, sport and markets: today's report ${i}.</p></article>`,
  );
  return `<html><head><title>Daily news</title></head><body>${stories.join('')}</body></html>`;
}

describe('htmlSimilarity', () => {
  it('scores a copied page high, whatever host its links name, and an unrelated page low', () => {
    const original = loginPage('acme.com');
    expect(htmlSimilarity(original, original)).toBe(100);
    const copy = loginPage('acme-login.xyz', '<p class="notice">Verify your account within 24 hours.</p>');
    expect(htmlSimilarity(original, copy)).toBeGreaterThanOrEqual(60);
    expect(htmlSimilarity(original, newsPage())).toBeLessThan(20);
  });

  it('normalises as dnstwist does, greedy patterns included: whitespace collapsed, addresses emptied', () => {
    expect(normalizeHtml('<a  href="https://a.example/x">\n\n<b style="background:url(x.png)">')).toBe('<a href="">');
    expect(normalizeHtml('<b style="background:url(x.png)"> <a href="/x">')).toBe('<b style="background:url()');
  });

  it("gives ssdeep's own hashes and score for the python-ssdeep documentation's example", () => {
    const first = fuzzyHash('Also called fuzzy hashes, Ctph can match inputs that have homologies.');
    const second = fuzzyHash('Also called fuzzy hashes, CTPH can match inputs that have homologies.');
    expect(first).toBe('3:AXGBicFlgVNhBGcL6wCrFQEv:AXGHsNhxLsr2C');
    expect(second).toBe('3:AXGBicFlIHBGcL6wCrFQEv:AXGH6xLsr2C');
    expect(fuzzyHashSimilarity(first, second)).toBe(22);
    expect(fuzzyHash('')).toBe('3::');
  });

  it('makes ssdeep-shaped hashes and compares them symmetrically', () => {
    const hash = fuzzyHash(loginPage('acme.com'));
    expect(hash).toMatch(/^\d+:[A-Za-z0-9+/]+:[A-Za-z0-9+/]+$/);
    const other = fuzzyHash(loginPage('acme-secure.top'));
    expect(fuzzyHashSimilarity(hash, other)).toBe(fuzzyHashSimilarity(other, hash));
    expect(fuzzyHashSimilarity(hash, '3:abc:def')).toBe(0);
  });
});

async function screenshot(title: string, shift = 0, colour = '#0b5cff'): Promise<Uint8Array> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1366" height="768">
<rect width="1366" height="768" fill="#ffffff"/><rect width="1366" height="90" fill="${colour}"/>
<rect x="${483 + shift}" y="220" width="400" height="360" rx="12" fill="#f2f4f8" stroke="#c7ccd6"/>
<rect x="${523 + shift}" y="330" width="320" height="44" fill="#ffffff" stroke="#8a94a6"/>
<rect x="${523 + shift}" y="400" width="320" height="44" fill="#ffffff" stroke="#8a94a6"/>
<rect x="${523 + shift}" y="480" width="320" height="50" fill="${colour}"/>
<text x="${560 + shift}" y="290" font-size="36" fill="#111">${title}</text></svg>`;
  return new Uint8Array(await sharp(Buffer.from(svg)).png().toBuffer());
}

describe('visual similarity', () => {
  it("scores a copied login page high and a different page low, with dnstwist's formula", async () => {
    const original = await screenshot('Log in');
    expect(await visualSimilarity(original, original)).toBe(100);
    expect(await visualSimilarity(original, await screenshot('Sign in', 6))).toBeGreaterThanOrEqual(80);
    const other = new Uint8Array(
      await sharp(
        Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="1366" height="768"><rect width="683" height="768" fill="#000"/><rect x="683" width="683" height="384" fill="#fff"/></svg>',
        ),
      )
        .png()
        .toBuffer(),
    );
    expect(await visualSimilarity(original, other)).toBeLessThan(50);
  });

  it('hashes to 64 bits and maps bit distance to a percentage', async () => {
    expect(await perceptualHash(await screenshot('Log in'))).toMatch(/^[0-9a-f]{16}$/);
    expect(await perceptualHash(new Uint8Array([1, 2, 3]))).toBeNull();
    expect(hashSimilarity('0000000000000000', '0000000000000000')).toBe(100);
    expect(hashSimilarity('0000000000000000', '000000000000000f')).toBe(83); // (1 + e^(60/64) - e) * 100
    expect(hashSimilarity('0000000000000000', 'ffffffffffffffff')).toBe(0);
  });
});
