/**
 * Platforms where anyone gets a subdomain for free, in seconds: site builders, static and
 * serverless hosts, tunnels and dynamic DNS. Phishing reports keep finding brand names on them
 * (`brand-login.web.app`), because the platform's certificate and reputation come for free.
 */
// prettier-ignore
export const FREE_HOSTING: ReadonlySet<string> = new Set([
  // static, serverless and app hosting
  'web.app', 'firebaseapp.com', 'pages.dev', 'workers.dev', 'r2.dev', 'netlify.app', 'netlify.com', 'vercel.app', 'now.sh',
  'github.io', 'gitlab.io', 'herokuapp.com', 'glitch.me', 'repl.co', 'replit.app', 'replit.dev', 'onrender.com', 'fly.dev',
  'railway.app', 'surge.sh', 'azurewebsites.net', 'azurestaticapps.net', 'web.core.windows.net', 'appspot.com',
  'cloudfront.net', 'amazonaws.com', 'amplifyapp.com', 'deno.dev', 'codesandbox.io', 'csb.app', 'stackblitz.io',
  'webflow.io', 'framer.app', 'framer.website', 'bubbleapps.io', 'ipfs.io', 'dweb.link', 'fleek.co', 'on.fleek.co',
  'ngrok.io', 'ngrok-free.app', 'ngrok.app', 'trycloudflare.com', 'loca.lt', 'serveo.net',
  // site builders and blogs
  '000webhostapp.com', 'blogspot.com', 'blogger.com', 'wordpress.com', 'wixsite.com', 'wix.com', 'weebly.com',
  'weeblysite.com', 'square.site', 'godaddysites.com', 'jimdosite.com', 'jimdofree.com', 'yolasite.com', 'webnode.page',
  'site123.me', 'mystrikingly.com', 'strikingly.com', 'carrd.co', 'notion.site', 'tilda.ws', 'ucoz.net', 'sites.google.com',
  'myshopify.com', 'gitbook.io', 'teachable.com', 'wcomhost.com', 'hpage.com', 'tiiny.site', 'mobirisesite.com',
  // dynamic DNS
  'duckdns.org', 'ddns.net', 'no-ip.org', 'no-ip.biz', 'hopto.org', 'zapto.org', 'sytes.net', 'servehttp.com',
  'myftp.biz', 'dynu.net', 'freedns.afraid.org', 'mooo.com', 'dyndns.org', 'hopto.me', 'serveftp.com', 'ddnsking.com',
]);

/**
 * Code hosts' pages, where the tenant's name is an account's (`<account>.github.io`): one name
 * per account, and brands hold their own (`microsoft.github.io`), so a kit gets only a variation
 * (decision 607).
 */
export const ACCOUNT_PAGES: ReadonlySet<string> = new Set(['github.io', 'gitlab.io']);

/** The free-hosting platform a host sits on (`brand-login.web.app` → `web.app`), or null. */
export function freeHostingPlatform(host: string): string | null {
  let dot = host.indexOf('.');
  while (dot !== -1) {
    const rest = host.slice(dot + 1);
    if (FREE_HOSTING.has(rest)) return rest;
    dot = host.indexOf('.', dot + 1);
  }
  return null;
}

/**
 * The platforms of `FREE_HOSTING` that name a machine, not a site: dynamic DNS and tunnels. Their
 * tenants are home servers and a developer's laptop for an hour; no organisation publishes its
 * site there, so a name on them is read apart from a name on a site host (`url-ngrams.ts`).
 */
// prettier-ignore
export const MACHINE_HOSTS: ReadonlySet<string> = new Set([
  'duckdns.org', 'ddns.net', 'no-ip.org', 'no-ip.biz', 'hopto.org', 'zapto.org', 'sytes.net', 'servehttp.com',
  'myftp.biz', 'dynu.net', 'freedns.afraid.org', 'mooo.com', 'dyndns.org', 'hopto.me', 'serveftp.com', 'ddnsking.com',
  'ngrok.io', 'ngrok-free.app', 'ngrok.app', 'trycloudflare.com', 'loca.lt', 'serveo.net',
]);
