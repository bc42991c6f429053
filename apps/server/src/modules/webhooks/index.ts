/**
 * Outgoing messages, for every module that calls a user back (domain monitoring; scan callbacks):
 * the delivery log, each message sent and retried as a job (decisions 175, 462), the signed
 * webhooks it sends and the per-account secrets. The signature scheme and the receiver's recipe: docs/webhooks.md.
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
export {
  deliveriesOf,
  type DeliveryKind,
  type DeliveryRow,
  dropHeldDeliveries,
  forgetDeliveries,
  type NewDelivery,
  queueDeliveries,
  releaseHeldDeliveries,
} from './deliveries.repository.ts';
export {
  createDeliveries,
  type Deliveries,
  DELIVERY_CONCURRENCY,
  type DeliverySender,
  type DeliverySenders,
  isRetryable,
  webhookNetwork,
} from './deliveries.ts';
export { accountSecrets, accountWebhookSecret } from './webhook-secrets.ts';
export { createWebhooksModule, type WebhooksModule, type WebhooksModuleDeps } from './webhooks.module.ts';
export { webhooksRoutes } from './webhooks.routes.ts';
