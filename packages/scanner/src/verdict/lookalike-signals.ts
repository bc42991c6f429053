import type { LookalikeFinding } from '../brand/lookalike-index.ts';
import type { BrandSector } from '../brand/phished-brands.ts';
import { CLASSIFICATIONS, type Signal } from './signal.ts';

// Sectors whose name in a stranger's subdomain is a lure by itself: nobody runs their own bank.
const LURE_SECTORS = new Set<BrandSector>(['bank', 'payment', 'crypto', 'government', 'delivery']);

function targetName(finding: Extract<LookalikeFinding, { target: unknown }>): string {
  return finding.target.brand ? `${finding.target.brand.name} (${finding.target.domain})` : finding.target.domain;
}

/** How much each kind of look-alike weighs; curated brands (the ones phished most) weigh more. */
export function lookalikeSignal(finding: LookalikeFinding): Signal {
  switch (finding.kind) {
    case 'homoglyph':
      return {
        code: 'homoglyph_domain',
        risk_score: finding.target.brand?.curated ? 85 : 75,
        message: `The domain is spelled with look-alike characters to pass for ${targetName(finding)}.`,
        classification: CLASSIFICATIONS.typosquatting,
      };
    case 'typo':
      return {
        code: 'typosquatting',
        risk_score: finding.target.brand?.curated ? 70 : 60,
        message: `The domain is ${finding.distance === 1 ? 'one typing slip' : 'two typing slips'} away from ${targetName(finding)}.`,
        classification: CLASSIFICATIONS.typosquatting,
      };
    case 'tld-swap':
      return {
        code: 'tld_swap',
        risk_score: finding.target.brand?.curated ? 55 : 40,
        message: `The domain reuses the name of ${targetName(finding)} under another top-level domain.`,
        classification: CLASSIFICATIONS.typosquatting,
      };
    case 'brand-subdomain':
      // A brand's whole domain in front of another is a lure, and so is a bank's name; a tool's
      // name may be a company's own server (`outlook.example.com`), so it only raises the score.
      return finding.withDomain || LURE_SECTORS.has(finding.brand.sector)
        ? {
            code: 'brand_lure_subdomain',
            risk_score: finding.withDomain ? 80 : 65,
            message: `The host puts ${finding.withDomain ? `${finding.brand.name}'s domain` : `the name ${finding.brand.name}`} in front of a domain the brand does not own.`,
            classification: CLASSIFICATIONS.brandImpersonation,
          }
        : {
            code: 'brand_in_subdomain',
            risk_score: 35,
            message: `The host names the brand ${finding.brand.name} in a subdomain of a domain the brand does not own.`,
            classification: null,
          };
    case 'brand-token':
      return {
        code: finding.homoglyph ? 'brand_lookalike_token' : 'brand_token',
        risk_score: finding.homoglyph ? 80 : finding.brand.curated ? 60 : 25,
        message: `The domain carries the brand name ${finding.brand.name}${finding.homoglyph ? ' written with look-alike characters' : ''}, but the brand does not own it.`,
        classification: finding.brand.curated || finding.homoglyph ? CLASSIFICATIONS.brandImpersonation : null,
      };
  }
}
