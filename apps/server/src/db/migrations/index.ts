import type { Migration } from 'kysely/migration';
import * as users from './0100-users.ts';
import * as sessions from './0101-sessions.ts';
import * as accountTokens from './0102-account-tokens.ts';
import * as signInThrottle from './0103-sign-in-throttle.ts';
import * as freeScanGuest from './0104-free-scan-guest.ts';
import * as activationPassword from './0105-activation-password.ts';
import * as integerUserIds from './0106-integer-user-ids.ts';
import * as plans from './0200-plans.ts';
import * as memberships from './0201-memberships.ts';
import * as sandboxPayments from './0202-sandbox-payments.ts';
import * as contentTables from './0300-content.ts';
import * as contactMessages from './0301-contact-messages.ts';
import * as reputation from './0400-reputation.ts';
import * as scans from './0500-scans.ts';
import * as scanProfiles from './0501-scan-profiles.ts';
import * as freeScans from './0502-free-scans.ts';
import * as apiKeys from './0503-api-keys.ts';
import * as scanNetwork from './0504-scan-network.ts';
import * as domainMonitoring from './0600-domain-monitoring.ts';
import * as signInThrottlePairs from './0800-sign-in-throttle-pairs.ts';
import * as alertEmailConfirmation from './0920-alert-email-confirmation.ts';
import * as scanCharges from './0940-scan-charges.ts';
import * as scanVisibility from './0950-scan-visibility.ts';
import * as searchIndex from './0951-search-index.ts';
import * as scanPages from './0952-scan-pages.ts';
import * as monitorPageScans from './1000-monitor-page-scans.ts';
import * as deliveries from './1010-deliveries.ts';
import * as searchFingerprints from './1100-search-fingerprints.ts';
import * as savedSearches from './1120-saved-searches.ts';
import * as ctLogPositions from './1150-ct-log-positions.ts';
import * as takedownCases from './1151-takedown-cases.ts';
import * as brandPages from './1152-brand-pages.ts';
import * as searchTrigrams from './1200-search-trigrams.ts';
import * as publishedVerdicts from './1250-published-verdicts.ts';
import * as verdictReports from './1251-verdict-reports.ts';
import * as refreshTokenSuccessor from './1300-refresh-token-successor.ts';
import * as scanStages from './1420-scan-stages.ts';
import * as alertConfirmationMails from './1440-alert-confirmation-mails.ts';
import * as freeScanSpends from './1441-free-scan-spends.ts';
import * as deliveriesRetriedByJobs from './1462-deliveries-retried-by-jobs.ts';

/**
 * Every migration in the order it runs, keyed `NNNN-what-it-does`. A module adds its own file
 * here and never edits one that has shipped.
 */
export const migrations: Record<string, Migration> = {
  '0100-users': users,
  '0101-sessions': sessions,
  '0102-account-tokens': accountTokens,
  '0103-sign-in-throttle': signInThrottle,
  '0104-free-scan-guest': freeScanGuest,
  '0105-activation-password': activationPassword,
  '0106-integer-user-ids': integerUserIds,
  '0200-plans': plans,
  '0201-memberships': memberships,
  '0202-sandbox-payments': sandboxPayments,
  '0300-content': contentTables,
  '0301-contact-messages': contactMessages,
  '0400-reputation': reputation,
  '0500-scans': scans,
  '0501-scan-profiles': scanProfiles,
  '0502-free-scans': freeScans,
  '0503-api-keys': apiKeys,
  '0504-scan-network': scanNetwork,
  '0600-domain-monitoring': domainMonitoring,
  '0800-sign-in-throttle-pairs': signInThrottlePairs,
  '0920-alert-email-confirmation': alertEmailConfirmation,
  '0940-scan-charges': scanCharges,
  '0950-scan-visibility': scanVisibility,
  '0951-search-index': searchIndex,
  '0952-scan-pages': scanPages,
  '1000-monitor-page-scans': monitorPageScans,
  '1010-deliveries': deliveries,
  '1100-search-fingerprints': searchFingerprints,
  '1120-saved-searches': savedSearches,
  '1150-ct-log-positions': ctLogPositions,
  '1151-takedown-cases': takedownCases,
  '1152-brand-pages': brandPages,
  '1200-search-trigrams': searchTrigrams,
  '1250-published-verdicts': publishedVerdicts,
  '1251-verdict-reports': verdictReports,
  '1300-refresh-token-successor': refreshTokenSuccessor,
  '1420-scan-stages': scanStages,
  '1440-alert-confirmation-mails': alertConfirmationMails,
  '1441-free-scan-spends': freeScanSpends,
  '1462-deliveries-retried-by-jobs': deliveriesRetriedByJobs,
};
