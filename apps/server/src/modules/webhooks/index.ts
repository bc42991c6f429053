/**
 * Signed outgoing webhooks, for every module that calls a user's URL back (domain monitoring;
 * scan callbacks). The signature scheme and the receiver's recipe: docs/webhooks.md.
 */
export { deliverWebhook, type WebhookNetwork, type WebhookOutcome } from './webhook-delivery.ts';
export {
  newWebhookSecret,
  SIGNATURE_HEADER,
  SIGNATURE_TOLERANCE_SECONDS,
  signWebhook,
  STANDARD_HEADERS,
  standardWebhookHeaders,
  verifyWebhookSignature,
} from './webhook-signature.ts';
export { deliverWithRetries, type RetriedOutcome } from './webhook-retries.ts';
export { accountSecrets, accountWebhookSecret } from './webhook-secrets.ts';
export { webhooksRoutes } from './webhooks.routes.ts';
