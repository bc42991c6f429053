import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { hashDistance, logoHash } from './logo-hash.ts';
import { LOOKALIKE_MAX_DISTANCE, pageFingerprints, screenshotHash, structureHash, topFoldHash } from './page-fingerprints.ts';

const site = (path: string) => readFileSync(new URL(`../../../../fixtures/sites/${path}`, import.meta.url), 'utf8');
const chase = site('chase-secure-verify.com/public/index.html');
const blog = site('sunny-garden-blog.com/public/index.html');
/** A fake captcha lure: a kit of a dozen elements. */
const captcha = site('insan-dogrulama.top/public/check.html');

/** The same kit on another host, in another language, with a tracker added. */
const redeployed = (html: string) =>
  html
    .replace(/>([^<]+)</g, '>Texte traduit<')
    .replace(/(href|src|action)="[^"]*"/g, '$1="https://other-host.example/x"')
    .replace('</body>', '<script src="/t.js"></script></body>');

const page = (header: string, box: string) =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300"><rect width="400" height="300" fill="#fff"/>` +
        `<rect width="400" height="40" fill="${header}"/><rect x="20" y="60" width="90" height="30" fill="#333"/>` +
        `<rect x="120" y="150" width="160" height="120" fill="${box}"/></svg>`,
    ),
  )
    .png()
    .toBuffer();

describe('structureHash', () => {
  it('keeps a re-deployed kit within the look-alike distance, whatever its texts and addresses', () => {
    const distance = hashDistance(structureHash(chase)!, structureHash(redeployed(chase))!);
    expect(distance).toBeLessThanOrEqual(LOOKALIKE_MAX_DISTANCE.structure);
  });

  it('keeps a small kit whole whatever unseen elements a deployment adds: a tracker, a hidden field, a style, a pixel', () => {
    const hash = structureHash(captcha)!;
    for (const added of [
      '<script src="/t.js"></script>',
      '<input type="hidden" name="session">',
      '<style>.x{}</style><link rel="preload" href="/f.woff2">',
      '<noscript><img src="/p.gif" width="1" height="1"></noscript>',
    ])
      expect(structureHash(captcha.replace('</body>', `${added}</body>`))).toBe(hash);
  });

  it('ignores text entirely: only texts changed is the same hash', () => {
    expect(structureHash(chase.replace(/>([^<]+)</g, '>x<'))).toBe(structureHash(chase));
  });

  it('tells a bank login kit from a blog', () => {
    expect(hashDistance(structureHash(chase)!, structureHash(blog)!)).toBeGreaterThan(LOOKALIKE_MAX_DISTANCE.structure);
  });

  it('gives no hash for a page without structure', () => {
    expect(structureHash('<p>hello</p>')).toBeNull();
  });
});

describe('topFoldHash', () => {
  it('hashes the upper third alone: a changed body leaves it, a changed header moves it', async () => {
    const [a, sameHeader, otherHeader] = await Promise.all([page('#1a4', '#c00'), page('#1a4', '#0c0'), page('#fff', '#c00')]);
    expect(await topFoldHash(a)).toBe(await topFoldHash(sameHeader));
    expect(await screenshotHash(a)).not.toBe(await screenshotHash(sameHeader));
    expect(await topFoldHash(otherHeader)).not.toBe(await topFoldHash(a));
  });

  it('is null for bytes that are no image', async () => {
    expect(await topFoldHash(new Uint8Array([1, 2, 3]))).toBeNull();
  });
});

describe('pageFingerprints', () => {
  it('gives no screenshot fingerprints for a blank page, which would look like every other', async () => {
    const blank = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    expect(await pageFingerprints({ screenshot: blank, html: null, favicon: null })).toMatchObject({ screenshot: null, topFold: null });
  });

  it('computes every fingerprint a scan stores, and null for the parts it lacks', async () => {
    const screenshot = await page('#1a4', '#c00');
    const icon = await sharp(
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32"><circle cx="10" cy="16" r="8"/></svg>'),
    )
      .png()
      .toBuffer();
    const prints = await pageFingerprints({ screenshot, html: chase, favicon: icon });
    expect(prints).toEqual({
      screenshot: await screenshotHash(screenshot),
      topFold: await topFoldHash(screenshot),
      favicon: await logoHash(icon),
      structure: structureHash(chase),
    });
    expect(prints.favicon).toMatch(/^[0-9a-f]{16}$/);
    expect(await pageFingerprints({ screenshot: null, html: null, favicon: null })).toEqual({
      screenshot: null,
      topFold: null,
      favicon: null,
      structure: null,
    });
  });
});
