/**
 * Search and link-preview crawlers as they announce themselves (from the operators' own
 * documentation); the `user-agents` data set has browsers only. Cloaking kits key on these.
 */
export const CRAWLER_AGENTS: readonly { code: string; value: string }[] = [
  { code: 'bot-googlebot', value: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' },
  {
    code: 'bot-googlebot-smartphone',
    value:
      'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.204 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  },
  { code: 'bot-bingbot', value: 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)' },
  { code: 'bot-duckduckbot', value: 'DuckDuckBot/1.1; (+http://duckduckgo.com/duckduckbot.html)' },
  { code: 'bot-yandexbot', value: 'Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)' },
  {
    code: 'bot-applebot',
    value:
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/13.1.1 Safari/605.1.15 (Applebot/0.1; +http://www.apple.com/go/applebot)',
  },
  { code: 'bot-facebook', value: 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)' },
];

/** The crawler the cloaking check poses as. */
export const CLOAKING_CRAWLER = CRAWLER_AGENTS[0]!.value;
