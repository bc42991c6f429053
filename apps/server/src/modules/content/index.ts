// The content module's public face: the built-in CMS (pages, posts, media, comments) and the
// seam that scores links in comments.
export { contentPlugin, type ContentPluginOptions, MEDIA_PATH, missingBlogPost, WP_API_PREFIX } from './content.plugin.ts';
export { conservativeUrlRisk, type UrlRiskCheck } from './url-risk.ts';
