// Billing's public face: plans, memberships (quotas, `app.memberships`), entitlements
// (what an account may do, how much is left) and payments (`app.payments`), with their routes.
export { type Clock, systemClock } from './memberships/memberships-context.ts';
export { type Memberships, membershipsPlugin, type MembershipsPluginOptions } from './memberships/memberships.plugin.ts';
export { createEntitlements, type Entitlement, type Entitlements } from './memberships/entitlements.ts';
export { membershipsRoutes } from './memberships/memberships.routes.ts';
export { createPlanQuotas } from './memberships/quota.ts';
export { type Payments, paymentsPlugin, type PaymentsOptions } from './payments/payments.plugin.ts';
export { findMonitorTermsOfPlan, savedSearchesOfPlan } from './plans/plans.repository.ts';
export { plansScanApiRoutes } from './plans/plans.routes.ts';
