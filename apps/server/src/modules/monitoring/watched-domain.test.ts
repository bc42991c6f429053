import { describe, expect, it } from 'vitest';
import { INVALID_DOMAIN, IP_NOT_DOMAIN, parseWatchedDomain, SPECIAL_USE_DOMAIN, SUBDOMAIN_NOT_WATCHED } from './watched-domain.ts';

describe('watched domain', () => {
  it('accepts registrable domains as typed, pasted or internationalised', () => {
    expect(parseWatchedDomain('PixelForge.app')).toEqual({ ok: true, domain: 'pixelforge.app' });
    expect(parseWatchedDomain(' https://www.example.co.uk/login ')).toEqual({ ok: true, domain: 'example.co.uk' });
    expect(parseWatchedDomain('bücher.de')).toEqual({ ok: true, domain: 'xn--bcher-kva.de' });
  });

  it('refuses IP literals, subdomains, bare suffixes and junk with a clear message', () => {
    expect(parseWatchedDomain('192.0.2.1')).toEqual({ ok: false, message: IP_NOT_DOMAIN });
    expect(parseWatchedDomain('[2001:db8::1]')).toEqual({ ok: false, message: IP_NOT_DOMAIN });
    expect(parseWatchedDomain('login.example.com')).toEqual({ ok: false, message: SUBDOMAIN_NOT_WATCHED });
    for (const junk of ['', 'co.uk', 'not a domain', 'exa_mple.com', 'localhost'])
      expect(parseWatchedDomain(junk)).toEqual({ ok: false, message: INVALID_DOMAIN });
  });

  it('refuses special-use names nobody can register (RFC 6761, 6762, 8375 and .internal)', () => {
    for (const name of [
      'foo.localhost',
      'printer.local',
      'db.internal',
      'shop.test',
      'x.invalid',
      'brand.example',
      'nas.home.arpa',
      'abc.onion',
      'y.alt',
    ])
      expect(parseWatchedDomain(name)).toEqual({ ok: false, message: SPECIAL_USE_DOMAIN });
    expect(parseWatchedDomain('example.com')).toEqual({ ok: true, domain: 'example.com' });
  });
});
