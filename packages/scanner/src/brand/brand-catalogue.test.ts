import { describe, expect, it } from 'vitest';
import { brandCatalogue } from './brand-catalogue.ts';
import { officialDomainsOf } from './simple-icons-brands.ts';

describe('officialDomainsOf', () => {
  it('takes a source domain whose name is the brand', () => {
    expect(
      officialDomainsOf({ title: 'Booking.com', slug: 'bookingdotcom', hex: '003580', source: 'https://www.booking.com/brand' }),
    ).toEqual(['booking.com']);
  });

  it('ignores hosting, wiki and design sites that only carry the logo', () => {
    expect(
      officialDomainsOf({ title: '.ENV', slug: 'dotenv', hex: 'ECD53F', source: 'https://github.com/motdotla/dotenv/blob/x/dotenv.svg' }),
    ).toEqual([]);
    expect(
      officialDomainsOf({
        title: 'Lufthansa',
        slug: 'lufthansa',
        hex: '05164D',
        source: 'https://commons.wikimedia.org/wiki/File:Lufthansa.svg',
      }),
    ).toEqual([]);
  });
});

describe('brandCatalogue', () => {
  const catalogue = brandCatalogue();

  it('holds the curated brands and thousands of simple-icons brands with domains', () => {
    expect(catalogue.brands.filter((brand) => brand.curated).length).toBeGreaterThanOrEqual(80);
    expect(catalogue.brands.length).toBeGreaterThan(2000);
    expect(catalogue.brands.every((brand) => brand.domains.length > 0)).toBe(true);
  });

  it('finds the brand behind a domain, curated brands first, with their logo', () => {
    const paypal = catalogue.byDomain.get('paypal.com');
    expect(paypal?.name).toBe('PayPal');
    expect(paypal?.curated).toBe(true);
    expect(paypal?.logo).toBe('paypal');
    expect(catalogue.byDomain.get('outlook.com')?.name).toBe('Microsoft');
    expect(catalogue.byDomain.get('github.com')?.name).toBe('GitHub');
    // SBI's internet banking lives on onlinesbi.com as well as onlinesbi.sbi (issue 35).
    expect(catalogue.byDomain.get('onlinesbi.com')?.name).toBe('SBI');
  });
});
