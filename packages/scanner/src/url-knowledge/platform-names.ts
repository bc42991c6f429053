/**
 * The parts of a free platform's tenant host the platform made, not its owner (decision 685):
 * names a platform generates for a site nobody named (Netlify's `competent-yonath-7f9d16`),
 * deployment and preview ids (Vercel's `-ti0bj1fdj4`, Cloudflare Pages' `4f2a1b3c.` in front of the
 * project, Netlify's `<24 hex>--` and `deploy-preview-12--`), the words Vercel appends when a
 * project's name is taken (`connors-site-five`, `full-stack-liard-eight`), the suffixes Render,
 * Heroku and Railway add (`-x7k2`, `-1a2b3c4d5e6f`, `-production`). They are the same on honest and
 * phishing deployments alike, chosen by no one, so neither their shape (hyphens, digits, length,
 * randomness) nor their n-grams say anything of the tenant: what is left of the name is read, and
 * the path.
 */

// Vercel's words for a taken project name: numbers, Greek letters and colour names, one or two of
// them after the name (`portfolio-six-livid`), read off the corpus's vercel.app tenants: the colours
// are the words that follow or precede a number or Greek letter at a name's end in two tenants or
// more, less the everyday ones people name projects by (`black`, `jade`, `rust`, `pearl`, `navy`).
// prettier-ignore
const VERCEL_WORDS: ReadonlySet<string> = new Set([
  'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten',
  'alpha', 'beta', 'gamma', 'delta', 'epsilon', 'zeta', 'eta', 'theta', 'iota', 'kappa', 'lambda', 'mu', 'nu', 'xi',
  'omicron', 'pi', 'rho', 'sigma', 'tau', 'upsilon', 'phi', 'chi', 'psi', 'omega',
  'ashen', 'bice', 'ecru', 'flax', 'henna', 'indol', 'inky', 'liard', 'livid', 'lovat', 'lyart', 'mauve', 'murex',
  'orcin', 'orpin', 'puce', 'sable', 'swart', 'taupe', 'tawny', 'umber', 'vert', 'weld',
]);

// Hex digits as a generator writes them: some digits among the letters (`7f9d16`).
const hasDigitAndLetter = (text: string) => /\d/.test(text) && /[a-z]/.test(text);
// A deployment's id: letters and digits drawn at random (`ti0bj1fdj4`, `nx71wq7e0`), not a word
// with a number after it (`id03634681`).
const isDeploymentId = (word: string) =>
  /^[a-z0-9]{9,10}$/.test(word) &&
  (word.match(/\d/g)?.length ?? 0) >= 2 &&
  (word.match(/[a-z]/g)?.length ?? 0) >= 3 &&
  /\d[a-z]/.test(word);

/** The name without Vercel's deployment id and the words it appends to a taken name. */
function vercelName(label: string): string {
  const words = label.split('-');
  // `<project>-<9 or 10 character id>` or `<project>-<id>-<team>`: the id goes, the team stays.
  const id = words.findIndex((word, i) => i > 0 && isDeploymentId(word));
  if (id > 0) words.splice(id, 1);
  let end = words.length;
  while (end > 1 && VERCEL_WORDS.has(words[end - 1]!)) end--;
  return words.slice(0, end).join('-');
}

/**
 * What of a free platform tenant's host (its registrable label and the subdomain in front) its
 * owner chose; an empty label when the platform made the whole name.
 */
export function chosenTenantName(label: string, subdomain: string, platform: string): { label: string; subdomain: string } {
  switch (platform) {
    case 'netlify.app': {
      // Netlify's name for a site nobody named: an adjective, a noun and six hex digits.
      if (/^[a-z]+-[a-z]+-[0-9a-f]{6}$/.test(label) && hasDigitAndLetter(label.slice(-6))) return { label: '', subdomain };
      // A deploy's permalink or a pull request's preview in front of the site's name.
      const deploy = /^(?:[0-9a-f]{24}|deploy-preview-\d+)--(.+)$/.exec(label);
      return { label: deploy ? deploy[1]! : label, subdomain };
    }
    case 'vercel.app':
      return { label: vercelName(label), subdomain };
    case 'pages.dev':
      // A deployment's own address: eight hex digits in front of the project.
      return { label, subdomain: /^[0-9a-f]{8}$/.test(subdomain) ? '' : subdomain };
    case 'onrender.com':
      return { label: label.replace(/-[a-z0-9]{4}$/, (tail) => (hasDigitAndLetter(tail) ? '' : tail)), subdomain };
    case 'herokuapp.com':
      return { label: label.replace(/-[0-9a-f]{12}$/, ''), subdomain };
    case 'railway.app':
      // `<service>-production(-xxxx).up.railway.app`: the environment and its suffix are Railway's.
      return { label: label.replace(/-production(?:-[a-z0-9]{4})?$/, ''), subdomain };
    default:
      return { label, subdomain };
  }
}
