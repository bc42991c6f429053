/** SPEC §2 header and footer destinations, named once for the header, the mobile menu and the footer. */
export const SOLUTION_LINKS = [
  { to: '/usecases', label: 'Use Cases' },
  { to: '/integration', label: 'Integration' },
  { to: '/technology', label: 'Technology' },
  { to: '/scam-categories', label: 'Scam Categories' },
  { to: '/faq', label: 'FAQ' },
] as const;

export const MAIN_LINKS = [
  { to: '/', label: 'Home' },
  { to: '/blog', label: 'Blog' },
  { to: '/about', label: 'About Us' },
  { to: '/pricing', label: 'Pricing' },
  { to: '/search', label: 'Search' },
] as const;

export const PROFILE_PATH = '/profile/change_password';

/** The company's social pages (a microblogging site, a professional network, a short-video site). */
export const SOCIAL_LINKS = [
  { href: 'https://x.com/riskscan', label: 'riskscan on X', icon: 'x' },
  { href: 'https://www.linkedin.com/company/riskscan', label: 'riskscan on LinkedIn', icon: 'linkedin' },
  { href: 'https://www.tiktok.com/@riskscan', label: 'riskscan on TikTok', icon: 'tiktok' },
] as const;
