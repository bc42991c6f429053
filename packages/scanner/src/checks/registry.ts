import type { ExtendedFacts } from '../extended/extended-stage.ts';
import { bundledKnownVulnerabilities } from '../extended/known-vulnerable-versions.ts';
import type { Check, DetailDefinition } from './check.ts';
import { cloakingCheck } from './cloaking-check.ts';
import { DNS_CATALOGUE, dnsRiskCheck } from './dns-check.ts';
import { httpRedirectsCheck } from './http-redirects.ts';
import { IP_CATALOGUE, ipRiskCheck } from './ip-check.ts';
import { pageBehaviourCheck } from './page-behaviour.ts';
import { pageContentCheck } from './page-content.ts';
import { pageModelCheck } from './page-model-check.ts';
import { REGISTRATION_CATALOGUE, registrationRiskCheck } from './registration-check.ts';
import { tlsCertificateCheck } from './tls-certificate.ts';
import { urlAnalysisCheck } from './url-analysis.ts';
import { WEBTECH_CATALOGUE, webtechRiskCheck } from './webtech-check.ts';

/**
 * Every check the scanner has lives in this folder and is listed here. The core checks, in report
 * order; adding one: a module, its test, and a line here.
 */
export const CORE_CHECKS: readonly Check[] = [
  urlAnalysisCheck,
  tlsCertificateCheck,
  httpRedirectsCheck,
  pageContentCheck,
  pageBehaviourCheck,
  pageModelCheck,
  cloakingCheck,
];

/** Every category and detail the extended checks can add, for profile editors and catalogue checks. */
export const EXTENDED_CATEGORIES: readonly { category: string; details: readonly DetailDefinition[] }[] = [
  DNS_CATALOGUE,
  REGISTRATION_CATALOGUE,
  IP_CATALOGUE,
  WEBTECH_CATALOGUE,
];

/** The risk categories the extended facts feed; they score and classify like the core checks. */
export function extendedChecks(facts: ExtendedFacts): Check[] {
  return [
    ...(facts.dns ? [dnsRiskCheck(facts.dns)] : []),
    ...(facts.registration ? [registrationRiskCheck(facts.registration)] : []),
    ...(facts.ip ? [ipRiskCheck(facts.ip)] : []),
    ...(facts.webtech ? [webtechRiskCheck(facts.webtech, bundledKnownVulnerabilities())] : []),
  ];
}

/** Every check of one scan, in report order: the core checks, the caller's, then the extended ones. */
export function scanChecks(extended: ExtendedFacts, extraChecks: readonly Check[] = []): Check[] {
  return [...CORE_CHECKS, ...extraChecks, ...extendedChecks(extended)];
}
