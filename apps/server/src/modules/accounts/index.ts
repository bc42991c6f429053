// The accounts module's public face: its plugin (`app.accounts`), its routes, and who a user is.
export { type Accounts, accountsPlugin, type AccountsPluginOptions, type AccountSummary } from './accounts.plugin.ts';
export { accountsPrivateRoutes, accountsPublicRoutes } from './accounts.routes.ts';
export { findUserById, findUserByUid } from './users.repository.ts';
