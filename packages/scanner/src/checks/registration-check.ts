import { defineCheck, type Check, type Finding } from './check.ts';
import type { DomainRegistration } from '../extended/rdap.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Most phishing domains are used within days of registration and abandoned within weeks (APWG, Interisle phishing studies). */
const NEW_DOMAIN_DAYS = 30;
const VERY_NEW_DOMAIN_DAYS = 7;
const EXPIRING_DAYS = 30;

const REGISTRATION_DETAILS = [
  {
    name: 'domain_newly_registered',
    title: 'Newly registered domain',
    background_info: 'Reads the domain’s registration date from its registry (RDAP).',
    explanation:
      'Phishing and scam sites run on domains registered days before the attack; established sites rarely use a domain this young.',
    clean: 'The domain has been registered for more than 30 days, or its registry does not say.',
  },
  {
    name: 'domain_expiring_soon',
    title: 'Domain expiring soon',
    background_info: 'Reads the domain’s expiry date from its registry (RDAP).',
    explanation: 'Throw-away domains are registered for the shortest term and left to lapse; on its own this is a weak sign.',
    clean: 'The domain does not expire within 30 days, or its registry does not say.',
  },
] as const;

/** The category's detail catalogue, for scan profiles. */
export const REGISTRATION_CATALOGUE = { category: 'Domain Registration', details: REGISTRATION_DETAILS };

type RegistrationFindings = Partial<Record<(typeof REGISTRATION_DETAILS)[number]['name'], Finding>>;

const daysBetween = (from: Date, to: Date) => Math.floor((to.getTime() - from.getTime()) / DAY_MS);
const dateOf = (iso: string | null) => (iso && !Number.isNaN(Date.parse(iso)) ? new Date(iso) : null);

/** Pure: findings for a registration at a given time. */
export function evaluateRegistration(registration: DomainRegistration, now: Date): RegistrationFindings {
  const findings: RegistrationFindings = {};
  const registered = dateOf(registration.registered);
  if (registered) {
    const age = Math.max(0, daysBetween(registered, now));
    if (age < NEW_DOMAIN_DAYS) {
      findings.domain_newly_registered = {
        risk_score: age < VERY_NEW_DOMAIN_DAYS ? 70 : 55,
        message: `${registration.domain} was registered ${age === 1 ? '1 day' : `${age} days`} ago (${registered.toISOString().slice(0, 10)}).`,
      };
    }
  }
  const expires = dateOf(registration.expires);
  if (expires) {
    const left = daysBetween(now, expires);
    if (left < EXPIRING_DAYS) {
      findings.domain_expiring_soon = {
        risk_score: 10,
        message:
          left < 0
            ? `${registration.domain} expired on ${expires.toISOString().slice(0, 10)}.`
            : `${registration.domain} expires in ${left} days.`,
      };
    }
  }
  return findings;
}

/** The "Domain Registration" risk category. */
export const registrationRiskCheck = (registration: DomainRegistration): Check =>
  defineCheck(REGISTRATION_CATALOGUE.category, REGISTRATION_DETAILS, (_collected, context) =>
    evaluateRegistration(registration, context.now),
  );
