// The API keys module's public face: the API-key scheme and rate limit (plugin) and the key routes.
export { apiKeysPlugin, type ApiKeysPluginOptions } from './api-keys.plugin.ts';
export { apiKeysRoutes } from './api-keys.routes.ts';
