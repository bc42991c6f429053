import { describe, expect, it } from 'vitest';
import { onOrigin } from './own-links.ts';

describe('own links on the caller’s origin', () => {
  it('puts stored paths and links made on PUBLIC_URL on the origin the caller used', () => {
    expect(onOrigin('/screenshots/ab12.webp', 'http://127.0.0.1:8080')).toBe('http://127.0.0.1:8080/screenshots/ab12.webp');
    expect(onOrigin('http://localhost:8080/screenshots/ab12.webp', 'http://10.0.0.5:8080')).toBe(
      'http://10.0.0.5:8080/screenshots/ab12.webp',
    );
    expect(onOrigin('/flags/ch.svg', 'https://scan.example.org')).toBe('https://scan.example.org/flags/ch.svg');
  });

  it('leaves other links, empty flags and missing screenshots alone', () => {
    expect(onOrigin('https://cdn.example.net/logo.png', 'http://127.0.0.1')).toBe('https://cdn.example.net/logo.png');
    expect(onOrigin('', 'http://127.0.0.1')).toBe('');
    expect(onOrigin(null, 'http://127.0.0.1')).toBeNull();
  });
});
