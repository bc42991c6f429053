// The content module's public face: the built-in CMS (pages, posts, media, comments) and the
// seam that scores links in comments.
export { contentModule, type ContentModuleOptions, MEDIA_PATH, WP_API_PREFIX } from './content.module.ts';
export { conservativeUrlRisk, type UrlRiskCheck } from './url-risk.ts';
