import { describe, expect, it } from 'vitest';
import { redactUrlSecrets, urlCarriesSecrets } from './url-secrets.ts';

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
    // Secrets in the path (issue 21): tokens, JWTs, reset / magic-link / invite / share paths, document links.
    'http://site.example/password/reset/9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08/',
    'https://app.example/auth/eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl',
    'https://app.example/invite/550e8400-e29b-41d4-a716-446655440000',
    'https://app.example/magic-link/k3Jd9Qz2',
    'https://app.example/download/Xk9fQ2mZ8pLw3vRt7bNc4',
    'https://docs.google.com/document/d/1BxiMVs0XRA5nFMdKvBdBZjgmUUqptlbs74OgvE2upms/edit',
    'https://www.dropbox.com/s/a1b2c3d4e5f6g7h/report.pdf',
    'https://contoso.sharepoint.com/:w:/g/personal/jane/EbXyz',
    'https://app.example/share/q8Zt3aa',
    'https://shop.example/?q=%E0%A4%A&token=1',
    // Judged by shape (issue 29): bot tokens, single-page-app reset links, share links, encoded paths, encoded e-mails.
    'https://api.telegram.org/bot123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw4/sendMessage',
    'https://api.telegram.org/bot123456:AAHx9Qm2ZkLp0rT7vWb3NcYd8eFgHi1jKlM/getMe',
    'https://app.example/#/reset-password/3f9a1c0e7b6d4a2f9e8c7b6a5d4c3b2a',
    'https://app.example/#/reset-password/Qm9LpX2sVt7RwZk4',
    'https://1drv.ms/u/s!AkS2x8nQpZhgYp3sL9wQx7K8aBc',
    'https://1drv.ms/u/s!AmFxyz12',
    'https://app.example/account/password%2Freset%2F9f86d081884c7d659a2feaa0c55ad015',
    'https://app.example/password%252Freset%252Fk3Jd9Qz2',
    'https://mail.example/unsubscribe?u=YW5hQGV4YW1wbGUuY29t',
    'https://mail.example/track?x=YW5hLmRvZUBleGFtcGxlLmNvbQ%3D%3D',
    'https://drive.google.com/open?id=1BxiMVs0XRA5nFMdKvBdBZjgmUU&usp=sharing',
    'https://drive.google.com/file/d/1BxiMVs0XRA5nFMdKvBdBZjgmUU/view?usp=sharing',
    'https://www.dropbox.com/s/x7qk2mz/notes.txt?dl=0',
    'https://hooks.example/services/T0001/B0002/a8Kq3ZxP9vL2mN7rT4wY',
    'https://app.example/files/9f2c4e6a8b0d1f3e5a7c',
  ])('keeps %s off the board', (url) => {
    expect(urlCarriesSecrets(url)).toBe(true);
  });

  it.each([
    'https://shop.example/',
    'https://shop.example/products?page=2&sort=price',
    'https://news.example/2024/10/story.html?utm_source=mail',
    'https://shop.example/?q=keyboard',
    'https://blog.example/how-phishing-kits-work-and-why-they-matter-for-everyone',
    'https://shop.example/products/iphone-15-pro-max-256gb',
    'https://help.example/how-to-reset-your-password',
    'https://app.example/password/reset/',
    'https://shop.example/?q=%E0%A4%A',
    'https://shop.example/products/samsung-galaxy-s24-ultra-512gb-titanium',
    'https://docs.example/#/getting-started/installation',
    'https://news.example/2025/01/15/article-123456',
    'https://shop.example/internationalization/accessibility',
  ])('lets %s on the board', (url) => {
    expect(urlCarriesSecrets(url)).toBe(false);
  });
});

describe('redactUrlSecrets', () => {
  it.each([
    [
      'http://site.example/password/reset/9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08/',
      'http://site.example/password/reset/[redacted]/',
    ],
    ['https://user:pw@shop.example/reset?token=abc&page=2#x', 'https://shop.example/reset?token=[redacted]&page=2#x'],
    [
      'https://docs.google.com/document/d/1BxiMVs0XRA5nFMdKvBdBZjgmUUqptlbs74OgvE2upms/edit',
      'https://docs.google.com/document/d/[redacted]/edit',
    ],
    ['https://app.example/#access_token=abc&expires=3600', 'https://app.example/#access_token=[redacted]&expires=3600'],
    ['https://shop.example/products?page=2', 'https://shop.example/products?page=2'],
    ['https://shop.example/?q=%E0%A4%A', 'https://shop.example/?q=%E0%A4%A'],
    [
      'https://api.telegram.org/bot123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw4/sendMessage',
      'https://api.telegram.org/[redacted]/sendMessage',
    ],
    ['https://app.example/#/reset-password/3f9a1c0e7b6d4a2f9e8c7b6a5d4c3b2a', 'https://app.example/#/reset-password/[redacted]'],
    ['https://1drv.ms/u/s!AkS2x8nQpZhgYp3sL9wQx7K8aBc', 'https://1drv.ms/u/[redacted]'],
    ['https://app.example/account/password%2Freset%2F9f86d081884c7d659a2feaa0c55ad015', 'https://app.example/account/[redacted]'],
    ['https://mail.example/unsubscribe?u=YW5hQGV4YW1wbGUuY29t', 'https://mail.example/unsubscribe?u=[redacted]'],
  ])('shows %s as %s', (url, shown) => {
    expect(redactUrlSecrets(url)).toBe(shown);
  });
});
