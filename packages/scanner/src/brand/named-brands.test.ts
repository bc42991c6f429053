import { describe, expect, it } from 'vitest';
import { brandCatalogue } from './brand-catalogue.ts';
import { brandsNamedIn, namedBrands, ownsDomain } from './named-brands.ts';
import { pageBrandCatalogue } from './page-brands.ts';

const names = (text: string) => brandsNamedIn(text).map((brand) => brand.name);

describe('named brands', () => {
  it('are the curated brands that have look-alike tokens', () => {
    const list = namedBrands().map(({ brand }) => brand);
    expect(list.every((brand) => brand.curated && brand.tokens.length > 0)).toBe(true);
    expect(list.map((brand) => brand.name)).toEqual(expect.arrayContaining(['PayPal', 'UBS', 'PostFinance', 'Uniswap', 'Cloudflare']));
    // Everyday words are no proof of a brand.
    expect(list.map((brand) => brand.name)).not.toContain('Orange');
  });

  it('finds brands by whole word, compacted or spelt out, accents folded', () => {
    expect(names('Log in to your PayPal account')).toEqual(['PayPal']);
    expect(names('/img/paypal-logo.svg')).toEqual(['PayPal']);
    expect(names('Bank of America | Online Banking')).toEqual(['Bank of America']);
    expect(names('BankOfAmerica')).toEqual(['Bank of America']);
    expect(names('Crédit Agricole – Espace client')).toEqual(['Crédit Agricole']);
    expect(names('CreditAgricole')).toEqual(['Crédit Agricole']);
    expect(names('pineapple chase-free purchase')).toEqual(['Chase']);
    expect(names('Orange juice')).toEqual([]);
  });

  it('finds the health insurers and energy suppliers of the markets by their full or product names', () => {
    const onPage = (text: string) => brandsNamedIn(text, pageBrandCatalogue()).map((brand) => brand.name);
    expect(onPage('Die Techniker – Meine TK')).toEqual(['Techniker Krankenkasse']);
    expect(onPage('Enel Energia | Area Clienti')).toEqual(['Enel']);
    expect(onPage('Iberdrola Clientes')).toEqual(['Iberdrola']);
    expect(onPage('東京電力エナジーパートナー くらしTEPCO web')).toEqual(['TEPCO']);
    expect(onPage('Eneco – Mijn Eneco')).toEqual(['Eneco']);
    expect(onPage('Tauron eBOK')).toEqual(['Tauron']);
    expect(onPage('Enerjisa Online İşlemler')).toEqual(['Enerjisa']);
    // A town utility or a clinic naming health insurance in general names no brand.
    expect(onPage('Stadtwerke Haldenbach – Kundenportal')).toEqual([]);
    expect(onPage('Praxis für Physiotherapie: alle Krankenkassen, Techniker willkommen')).toEqual([]);
  });

  it('finds the classified-ad marketplaces of the markets, not the everyday words some are named after', () => {
    const onPage = (text: string) => brandsNamedIn(text, pageBrandCatalogue()).map((brand) => brand.name);
    expect(onPage('sahibinden.com - Param Güvende')).toEqual(['Sahibinden']);
    expect(onPage('Wallapop - Envío protegido')).toEqual(['Wallapop']);
    expect(onPage('2dehands – Betaling ontvangen')).toEqual(['2dehands']);
    expect(onPage('ジモティー 取引')).toEqual(['Jimoty']);
    expect(onPage('Mutfak dolap kapakları')).toEqual([]);
  });

  it('finds a brand known by its address as the address is written, dots and all', () => {
    const onPage = (text: string) => brandsNamedIn(text, pageBrandCatalogue()).map((brand) => brand.name);
    expect(onPage('Identifique-se no gov.br')).toEqual(['Receita Federal']);
    expect(onPage('Anmelden bei post.at')).toContain('Austrian Post');
    expect(onPage('Identifique-se no gov br')).toEqual([]);
    expect(onPage('Drop your post at the desk')).toEqual([]);
  });

  it('knows which domains a brand owns', () => {
    const microsoft = brandCatalogue().byDomain.get('microsoft.com')!;
    expect(ownsDomain(microsoft, 'windows.com')).toBe(true);
    expect(ownsDomain(microsoft, 'windows-update.com')).toBe(false);
    expect(ownsDomain(microsoft, null)).toBe(false);
  });
});
