/**
 * The words phishing and scam addresses use, by theme, as campaign write-ups describe them (APWG
 * trend reports, vendors' phishing-kit analyses, certificate-transparency studies of brand
 * registrations). A word alone proves nothing; next to a brand or another lure it weighs more.
 */
export const LURE_THEMES = {
  /** Sign in, prove who you are, your account is locked. */
  account: [
    'login',
    'logon',
    'signin',
    'sign-in',
    'log-in',
    'verify',
    'verification',
    'verified',
    'validate',
    'validation',
    'authenticate',
    'auth',
    'account',
    'accounts',
    'confirm',
    'unlock',
    'unlocked',
    'suspend',
    'suspended',
    'locked',
    'reactivate',
    'password',
    'webscr',
    'secure',
    'security',
    'update',
    'recovery',
    'recover',
    'restore',
    'reset',
    'unblock',
    'limited',
    'alert',
    'notice',
    'session',
    'access',
    'identity',
    'kyc',
    'auth0',
    'portal',
    'online',
    'mfa',
    '2fa',
    'otp',
  ],
  /** Pay, refund, invoice. */
  billing: [
    'billing',
    'invoice',
    'payment',
    'payments',
    'refund',
    'refunds',
    'pay',
    'checkout',
    'receipt',
    'card',
    'bill',
    'fee',
    'fees',
    'tax',
  ],
  /** Wallet drainers: connect, sync, restore the seed phrase. */
  wallet: [
    'wallet',
    'wallets',
    'connect',
    'sync',
    'synchronize',
    'seed',
    'phrase',
    'mnemonic',
    'dapp',
    'dapps',
    'rectify',
    'rectification',
    'migrate',
    'migration',
    'bridge',
    'revoke',
    'node',
    'nodes',
    'defi',
    'decentralized',
    'decentralised',
    'web3',
    'metaverse',
    'live',
  ],
  /** Free money: giveaways, airdrops, claims. */
  giveaway: [
    'giveaway',
    'giveaways',
    'airdrop',
    'airdrops',
    'claim',
    'claims',
    'bonus',
    'reward',
    'rewards',
    'gift',
    'gifts',
    'prize',
    'winner',
    'free',
    'promo',
    'double',
    'doubler',
    'drop',
    'drops',
    'mint',
    'presale',
    'whitelist',
    'event',
    'elon',
    'musk',
    'distribution',
    'eligible',
    'allocation',
  ],
  /** Parcels held at customs, redelivery fees. */
  delivery: ['parcel', 'tracking', 'track', 'delivery', 'deliver', 'redelivery', 'shipment', 'package', 'customs', 'courier', 'post'],
  /** Help desks and tech support. */
  support: [
    'support',
    'help',
    'helpdesk',
    'service',
    'services',
    'customer',
    'care',
    'desk',
    'team',
    'official',
    'center',
    'centre',
    'assist',
  ],
  /** A fake app or edition of the real thing (`brand-extension`, `app-brand`, `brand-v3`). */
  product: ['app', 'extension', 'desktop', 'mobile', 'pro', 'suite', 'v2', 'v3', 'v4', 'beta', 'dashboard', 'exchange', 'official', 'us'],
  /** Crypto vocabulary: harmless alone, a scam's setting next to a lure. */
  crypto: [
    'eth',
    'btc',
    'crypto',
    'coin',
    'coins',
    'token',
    'tokens',
    'nft',
    'nfts',
    'usdt',
    'usdc',
    'dex',
    'swap',
    'stake',
    'staking',
    'yield',
    'chain',
    'protocol',
    'finance',
    'fi',
    'dao',
    'sol',
    'bnb',
    'trx',
    'xrp',
    'doge',
    'pepe',
    'meme',
    'pool',
    'farm',
    'vault',
  ],
  /** Fake alerts, fake support and fake CAPTCHAs: scare the visitor into calling or pasting. */
  scare: [
    'defender',
    'antivirus',
    'virus',
    'warning',
    'error',
    'firewall',
    'malware',
    'infected',
    'captcha',
    'human',
    'robot',
    'blocked',
    'hacked',
    'threat',
    'protection',
    'microsoftsupport',
    'techsupport',
  ],
} as const satisfies Record<string, readonly string[]>;

export type LureTheme = keyof typeof LURE_THEMES;
/** Any word of any theme. */
export type LureWord = (typeof LURE_THEMES)[LureTheme][number];

/**
 * The lure words phishing registrations join to a brand (`paypal-login.com`, `securepaypal.com`):
 * the look-alike generator's combosquatting family, in the order it joins them (its output
 * follows this order). Typed as lure words, so the family can only use words listed above.
 */
// prettier-ignore
export const COMBO_WORDS: readonly LureWord[] = [
  'login', 'secure', 'support', 'account', 'verify', 'wallet', 'app', 'pay', 'online', 'official',
];

function byWord(): Map<string, LureTheme> {
  const themes = new Map<string, LureTheme>();
  for (const [theme, words] of Object.entries(LURE_THEMES) as [LureTheme, readonly string[]][])
    for (const word of words) if (!themes.has(word)) themes.set(word, theme);
  return themes;
}

/**
 * Latin and Greek endings that turn a lure word into a word of its own, a field's or a quality's
 * name (`accessibility`, `accessible`, `humanities`, `robotics`, `cryptography`): read inside a
 * longer word, the lure followed by one of them is that word, not the lure (decision 695). None of
 * the URL corpus's or `phishing-urls-2025h1`'s phishing hosts joins a lure to one; kits join whole
 * words (`verifyaccount`) or the endings of a lure's own forms (`tracking`, `confirmation`, `unlocked`).
 */
// prettier-ignore
export const WORD_MAKING_ENDINGS: readonly string[] = [
  'ibility', 'ibilities', 'ible', 'ibly', 'ity', 'ities', 'ics', 'graphy', 'graphic', 'ology',
];

/** Every lure word with its theme (the first theme that lists it). */
export const LURE_WORDS: ReadonlyMap<string, LureTheme> = byWord();
