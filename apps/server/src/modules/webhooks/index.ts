/**
 * Signed webhook delivery (HMAC-SHA256 over timestamp and body), egress-guarded and retried.
 * Written for scan callbacks (issue 20); domain monitoring's alerts (issue 19) use the same scheme.
 */
export { deliverWebhook, type DeliveryOutcome, type DeliveryPolicy } from './webhook-delivery.ts';
export { accountWebhookSecret, SIGNATURE_HEADER, signWebhook, verifyWebhook } from './webhook-signature.ts';
export { accountSecrets } from './webhook-secrets.ts';
export { webhooksRoutes } from './webhooks.routes.ts';
