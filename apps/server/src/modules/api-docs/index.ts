// The API documentation's public face: the plugin serving the OpenAPI document and its viewer.
export { API_DOCS_PREFIX, apiDocsPlugin, rawBytes } from './api-docs.plugin.ts';
