/**
 * The brands phishing kits impersonate most, with the registrable domains each really owns.
 * A short built-in list for the core checks; the brand catalogue (brand issue) is the larger source.
 */
export interface KnownBrand {
  name: string;
  /** Lower-case tokens that name the brand in hosts, paths, titles and logos. */
  keywords: readonly string[];
  domains: readonly string[];
}

export const KNOWN_BRANDS: readonly KnownBrand[] = [
  { name: 'PayPal', keywords: ['paypal'], domains: ['paypal.com', 'paypal.me', 'paypalobjects.com'] },
  {
    name: 'Microsoft',
    keywords: ['microsoft', 'office365', 'outlook', 'onedrive', 'sharepoint', 'hotmail'],
    domains: [
      'microsoft.com',
      'live.com',
      'office.com',
      'outlook.com',
      'microsoftonline.com',
      'onedrive.com',
      'sharepoint.com',
      'hotmail.com',
      'office365.com',
      'windows.com',
    ],
  },
  { name: 'Apple', keywords: ['apple', 'icloud', 'appleid', 'itunes'], domains: ['apple.com', 'icloud.com', 'itunes.com'] },
  { name: 'Google', keywords: ['google', 'gmail'], domains: ['google.com', 'gmail.com', 'youtube.com', 'googleusercontent.com'] },
  { name: 'Amazon', keywords: ['amazon'], domains: ['amazon.com', 'amazon.co.uk', 'amazon.de', 'amazonaws.com'] },
  { name: 'Netflix', keywords: ['netflix'], domains: ['netflix.com'] },
  {
    name: 'Facebook',
    keywords: ['facebook', 'instagram', 'whatsapp'],
    domains: ['facebook.com', 'instagram.com', 'whatsapp.com', 'meta.com', 'fb.com'],
  },
  { name: 'Chase', keywords: ['chase', 'jpmorgan'], domains: ['chase.com', 'jpmorganchase.com', 'jpmorgan.com'] },
  { name: 'Wells Fargo', keywords: ['wellsfargo', 'wells fargo'], domains: ['wellsfargo.com'] },
  { name: 'Bank of America', keywords: ['bankofamerica', 'bank of america'], domains: ['bankofamerica.com'] },
  { name: 'Coinbase', keywords: ['coinbase'], domains: ['coinbase.com'] },
  { name: 'MetaMask', keywords: ['metamask'], domains: ['metamask.io'] },
  { name: 'Binance', keywords: ['binance'], domains: ['binance.com'] },
  { name: 'Uniswap', keywords: ['uniswap'], domains: ['uniswap.org'] },
  { name: 'DHL', keywords: ['dhl'], domains: ['dhl.com', 'dhl.de'] },
  { name: 'FedEx', keywords: ['fedex'], domains: ['fedex.com'] },
  { name: 'USPS', keywords: ['usps'], domains: ['usps.com'] },
  { name: 'DocuSign', keywords: ['docusign'], domains: ['docusign.com', 'docusign.net'] },
  { name: 'Dropbox', keywords: ['dropbox'], domains: ['dropbox.com'] },
  { name: 'Adobe', keywords: ['adobe'], domains: ['adobe.com'] },
  { name: 'Cloudflare', keywords: ['cloudflare'], domains: ['cloudflare.com'] },
  { name: 'UBS', keywords: ['ubs'], domains: ['ubs.com'] },
  { name: 'PostFinance', keywords: ['postfinance'], domains: ['postfinance.ch'] },
];

/** True when `registrableDomain` belongs to the brand. */
export function ownsDomain(brand: KnownBrand, registrableDomain: string | null): boolean {
  return registrableDomain !== null && brand.domains.includes(registrableDomain);
}

/** Brands whose keyword appears as a whole token in `text` (letters/digits boundaries; `wells fargo` matches its spaced form). */
export function brandsIn(text: string): KnownBrand[] {
  const lower = text.toLowerCase();
  return KNOWN_BRANDS.filter((brand) =>
    brand.keywords.some((keyword) => new RegExp(`(?:^|[^a-z0-9])${keyword}(?:[^a-z0-9]|$)`).test(lower)),
  );
}

/** Brands whose keyword appears anywhere in `text`, token or not (for hosts like `paypalsecure-login`). */
export function brandsContainedIn(text: string): KnownBrand[] {
  const lower = text.toLowerCase();
  return KNOWN_BRANDS.filter((brand) => brand.keywords.some((keyword) => keyword.length >= 4 && lower.includes(keyword.replace(/ /g, ''))));
}
