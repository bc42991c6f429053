import { cloakingCheck } from '../browser/cloaking-check.ts';
import type { Check } from './check.ts';
import { httpRedirectsCheck } from './http-redirects.ts';
import { pageBehaviourCheck } from './page-behaviour.ts';
import { pageContentCheck } from './page-content.ts';
import { tlsCertificateCheck } from './tls-certificate.ts';
import { urlAnalysisCheck } from './url-analysis.ts';

/** The core checks, in report order. Adding a check: one module, its test, and a line here. */
export const CORE_CHECKS: readonly Check[] = [
  urlAnalysisCheck,
  tlsCertificateCheck,
  httpRedirectsCheck,
  pageContentCheck,
  pageBehaviourCheck,
  cloakingCheck,
];
