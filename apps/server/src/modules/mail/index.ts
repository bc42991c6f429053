// The mail module's public face: the mailer and the e-mails the product sends.
export { createMailer, type OutgoingMail, type Mailer, type SentMail } from './mailer.ts';
export { activationMail, emailChangedNoticeMail, emailChangeMail, passwordResetMail } from './templates/account-mails.ts';
export {
  type BillingPeriod,
  formatMoney,
  type PaymentReceipt,
  paymentReceiptMail,
  type RenewalReminder,
  renewalReminderMail,
} from './templates/billing-mails.ts';
export { escapeHtml, type MailContent } from './templates/mail-layout.ts';
export { alertEmailConfirmationMail, monitorAlertMail } from './templates/monitoring-mails.ts';
export { savedSearchMatchMail } from './templates/saved-search-mails.ts';
export { createWebLinks, type WebLinks } from './templates/web-links.ts';
