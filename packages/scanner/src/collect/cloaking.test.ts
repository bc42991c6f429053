import { describe, expect, it } from 'vitest';
import { compareViews } from './cloaking.ts';

const page = (title: string, text: string) => `<html><head><title>${title}</title></head><body><p>${text}</p></body></html>`;
const SHOP = page('Garden supplies', 'Organic seeds compost watering cans and tools for vegetables and herbs at home');
const LURE = page('Mailbox', 'Verify your mailbox password now to avoid suspension of your account today');

describe('compareViews', () => {
  it('sees no cloaking in small variations of one page', () => {
    const other = page('Garden supplies', 'Organic seeds compost watering cans and tools for vegetables and herbs at home. Welcome back!');
    expect(
      compareViews(
        { finalUrl: 'https://shop.example/', status: 200, html: SHOP },
        { finalUrl: 'https://shop.example/', status: 200, html: other },
      ),
    ).toMatchObject({ differs: false, reason: null });
  });

  it('flags different content, different destinations and an error for one visitor only', () => {
    const crawler = { finalUrl: 'https://shop.example/', status: 200, html: SHOP };
    expect(compareViews(crawler, { finalUrl: 'https://shop.example/', status: 200, html: LURE })).toMatchObject({ differs: true });
    expect(compareViews(crawler, { finalUrl: 'https://login.evil.example/', status: 200, html: SHOP }).reason).toBe(
      'A crawler ends on https://shop.example/, a browser on https://login.evil.example/.',
    );
    expect(compareViews({ ...crawler, status: 404 }, { ...crawler }).reason).toBe('A crawler gets an error where a browser gets a page.');
  });

  it('draws no conclusion from a visit that got no answer', () => {
    expect(
      compareViews(
        { finalUrl: 'https://shop.example/', status: null, html: null },
        { finalUrl: 'https://shop.example/', status: 200, html: SHOP },
      ).differs,
    ).toBe(false);
  });
});
