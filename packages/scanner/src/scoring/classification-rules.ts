/** A threat class and the details (with minimum scores) that establish it. */
export interface ClassificationRule {
  name: string;
  description: string;
  evidence: Readonly<Record<string, number>>;
}

/** Most severe first; the web app lists them in this order. */
export const CLASSIFICATION_RULES: readonly ClassificationRule[] = [
  {
    name: 'Phishing',
    description:
      'The page tries to collect passwords, card numbers or wallet secrets under a false identity, or sends what you type to a third party.',
    evidence: {
      page_brand_impersonation: 80,
      page_form_action: 50,
      page_data_uri: 60,
      page_crypto_drainer: 85,
      page_recovery_phrase: 80,
      page_credential_collector: 60,
      page_lure: 70,
      page_qr_lure: 65,
      page_wallet_connect: 70,
      page_device_code: 70,
      page_app_consent: 70,
      page_document_viewer: 75,
      page_browser_in_browser: 80,
      page_wifi_key: 75,
    },
  },
  {
    name: 'Malware',
    description:
      'The page tries to make your computer run a program: an automatic download, a fake update or instructions to paste a command.',
    evidence: { page_auto_download: 60, page_fake_update: 60, page_fake_captcha: 60 },
  },
  {
    name: 'Scam',
    description:
      'The page uses fear or false promises (fake virus alerts, support phone numbers, giveaways, guaranteed returns, shop prices too good to be true) to get money or access from you.',
    evidence: { page_tech_support_scam: 60, page_crypto_drainer: 60, page_fake_shop: 60, page_giveaway_scam: 60 },
  },
  {
    name: 'Crypto drainer',
    description: 'The page asks a crypto wallet to sign approvals or transfers, or asks for a recovery phrase: signing empties the wallet.',
    evidence: { page_crypto_drainer: 60, page_recovery_phrase: 80, page_wallet_connect: 70 },
  },
  {
    name: 'Brand impersonation',
    description: 'The page or address uses the name or logo of a well-known brand on a domain that brand does not own.',
    evidence: { page_brand_impersonation: 40, url_brand_misuse: 40 },
  },
  {
    name: 'Malicious redirect',
    description:
      'The address bounces visitors through other sites, hidden code or an open redirect, a common way to hide the real destination.',
    evidence: { http_open_redirect: 40, http_redirect_to_internal: 50, page_obfuscated_script: 65, http_client_redirect: 40 },
  },
  {
    name: 'Insecure login',
    description:
      'The page asks for a password or payment details without encryption (plain http): anyone on the network path can read them. Careless rather than fraudulent, but do not log in.',
    evidence: { page_insecure_login: 50 },
  },
  {
    name: 'Obfuscated code',
    description: 'The page hides what its scripts do (packed, encoded or evaluated code), which honest sites rarely need.',
    evidence: { page_obfuscated_script: 40 },
  },
  {
    name: 'Newly registered',
    description: 'The domain was registered only days ago; most phishing and scam sites use domains this young.',
    evidence: { domain_newly_registered: 55 },
  },
  {
    name: 'Suspicious URL',
    description:
      'The address itself has traits of malicious links: a raw IP address, hidden credentials, look-alike characters or a throwaway domain.',
    evidence: { url_ip_host: 40, url_userinfo: 40, url_punycode_mixed_script: 50 },
  },
];
