/**
 * Saved searches that alert (issue 38): the API, and the matching of each finished scan against
 * them that the scan runner calls once the scan is indexed for search.
 */
export {
  configuredSavedSearchAlerts,
  createSavedSearchAlerts,
  savedSearchAlertSender,
  type SavedSearchAlerts,
} from './saved-search-alerts.ts';
export { savedSearchesRoutes } from './saved-searches.routes.ts';
