/**
 * Country flags from the flag-icons package, emitted as files of our own build (never linked from
 * another host). Only the URL table is bundled; a picture is fetched when a flag is shown.
 */
// The path climbs to the workspace root, where npm workspaces hoist flag-icons.
const FLAG_URLS = import.meta.glob<string>('../../../../../node_modules/flag-icons/flags/4x3/*.svg', {
  query: '?url',
  import: 'default',
  eager: true,
});

const BY_CODE = new Map(Object.entries(FLAG_URLS).map(([path, url]) => [path.slice(path.lastIndexOf('/') + 1, -'.svg'.length), url]));

/**
 * The ISO 3166 code in a flag value: a bare code ('ch') or a flag file name or URL ending in one
 * ('.../ch.svg'). Anything else has no flag.
 */
export function flagCode(value: string): string | null {
  const match = /(?:^|\/)([a-z]{2})(?:\.(?:svg|png))?$/i.exec(value.trim());
  return match?.[1] ? match[1].toLowerCase() : null;
}

export function flagUrl(value: string): string | null {
  const code = flagCode(value);
  return code ? (BY_CODE.get(code) ?? null) : null;
}

export function Flag({ code, label }: { code: string; label?: string }) {
  const url = flagUrl(code);
  if (!url) return null;
  return <img className="flag" src={url} width={21} height={16} alt={label ?? ''} />;
}
