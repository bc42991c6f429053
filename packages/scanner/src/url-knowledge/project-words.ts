/**
 * Words developers name a deployment after what it shows (decision 592): the kind of project
 * (`-template`, `-starter`, `-demo`, `-example`), the tool or framework it is built with
 * (`hexo-theme-`, `nextjs-`, `-sveltekit`) or the feature it demonstrates (`edge-functions-`,
 * `-middleware-`). A free platform's tenant named with one of them among plain words is a project
 * page; kits on the same platforms name brands, lures and throwaway words: seven of the corpus's
 * 86,598 phishing reports had such a name, all developers' projects (`react-e-commerce-clone`).
 * Generic words (`app`, `site`, `web`, `docs`, `theme`, `clone`) are not among them: kits use them
 * beside misspelt brands; nor is `portfolio`, the name of a wallet's product kits imitate.
 */
// prettier-ignore
export const PROJECT_WORDS: ReadonlySet<string> = new Set([
  'template', 'templates', 'starter', 'boilerplate', 'example', 'examples', 'demo', 'demos', 'sample', 'playground',
  'tutorial', 'workshop', 'hackathon', 'functions', 'middleware', 'sdk', 'hexo', 'hugo', 'jekyll', 'gatsby',
  'nextjs', 'nuxt', 'sveltekit', 'svelte', 'astro', 'vite', 'remix', 'docusaurus', 'vuepress', 'eleventy', 'react', 'vue',
  'flask', 'django', 'fastapi', 'express', 'graphql', 'postgres', 'redis', 'prisma', 'tailwind', 'storybook',
]);
