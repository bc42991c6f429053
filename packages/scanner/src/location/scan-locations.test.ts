import { describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import { chooseLocation, countryOptions, parseScanProxies } from './scan-locations.ts';

describe('parseScanProxies', () => {
  it('reads the CC=url list and the JSON form alike', () => {
    const listed = parseScanProxies('de=http://de.proxy.example:3128, US=socks5://us.proxy.example:1080');
    expect(listed).toEqual([
      { code: 'DE', name: 'Germany', icon: '/flags/de.svg', proxyUrl: 'http://de.proxy.example:3128' },
      { code: 'US', name: 'United States', icon: '/flags/us.svg', proxyUrl: 'socks5://us.proxy.example:1080' },
    ]);
    expect(parseScanProxies('[{"code":"gb","url":"http://uk.proxy.example:8080","name":"UK"}]')).toEqual([
      { code: 'GB', name: 'UK', icon: '/flags/gb.svg', proxyUrl: 'http://uk.proxy.example:8080' },
    ]);
    expect(parseScanProxies('  ')).toEqual([]);
  });

  it('refuses unknown countries, non-proxy URLs and duplicates', () => {
    expect(() => parseScanProxies('XX=http://proxy.example:1')).toThrow(ZodError);
    expect(() => parseScanProxies('DE=ftp://proxy.example')).toThrow(/proxy URL/);
    expect(() => parseScanProxies('DE')).toThrow(ZodError);
    expect(() => parseScanProxies('DE=http://a.example:1,de=http://b.example:1')).toThrow(/listed twice/);
  });
});

describe('chooseLocation', () => {
  const locations = parseScanProxies('DE=http://de.proxy.example:3128');

  it('uses the chosen country’s proxy and reports that country', () => {
    expect(chooseLocation(locations, 'CH', 'de')).toEqual({
      proxyUrl: 'http://de.proxy.example:3128',
      geoLocation: { country_name: 'Germany', country_flag: '/flags/de.svg' },
    });
  });

  it('falls back to the server’s own country, or Unknown when that is not configured', () => {
    expect(chooseLocation(locations, 'CH', undefined)).toEqual({
      proxyUrl: null,
      geoLocation: { country_name: 'Switzerland', country_flag: '/flags/ch.svg' },
    });
    expect(chooseLocation(locations, null, '')?.geoLocation).toEqual({ country_name: 'Server default', country_flag: '' });
  });

  it('answers null for a country that has no proxy', () => {
    expect(chooseLocation(locations, 'CH', 'FR')).toBeNull();
  });

  it('gives the scan options without proxy URLs', () => {
    expect(countryOptions(locations)).toEqual([{ code: 'DE', name: 'Germany', icon: '/flags/de.svg' }]);
  });
});
