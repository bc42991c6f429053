import { describe, expect, it } from 'vitest';
import { urlCarriesSecrets } from './url-secrets.ts';

describe('urlCarriesSecrets', () => {
  it.each([
    'https://shop.example/reset?token=abc',
    'https://shop.example/?session_id=42',
    'https://shop.example/login;jsessionid=0123456789ABCDEF',
    'https://shop.example/?PHPSESSID=x',
    'https://shop.example/welcome?user=jane.doe%40example.com',
    'https://shop.example/?ref=jane@example.com',
    'https://shop.example/#access_token=abc&expires=3600',
    'https://user:pw@shop.example/',
    'https://shop.example/?x=eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig',
    'https://shop.example/?c=6f1ed002ab5595859014ebf0951522d9',
    'https://shop.example/?api_key=1',
  ])('keeps %s off the board', (url) => {
    expect(urlCarriesSecrets(url)).toBe(true);
  });

  it.each([
    'https://shop.example/',
    'https://shop.example/products?page=2&sort=price',
    'https://news.example/2024/10/story.html?utm_source=mail',
    'https://shop.example/?q=keyboard',
  ])('lets %s on the board', (url) => {
    expect(urlCarriesSecrets(url)).toBe(false);
  });
});
