import 'flag-icons/css/flag-icons.min.css';

/**
 * A country flag from the locally bundled flag-icons set. Accepts an ISO 3166 code ('ch') or a
 * flag file name or URL ending in one ('.../ch.svg'); anything else shows no flag rather than
 * loading a picture from somewhere else.
 */
export function flagCode(value: string): string | null {
  const match = /(?:^|\/)([a-z]{2})(?:\.(?:svg|png))?$/i.exec(value.trim());
  return match?.[1] ? match[1].toLowerCase() : null;
}

export function Flag({ code, label }: { code: string; label?: string }) {
  const iso = flagCode(code);
  if (!iso) return null;
  return <span className={`fi fi-${iso} flag`} role={label ? 'img' : undefined} aria-label={label} aria-hidden={label ? undefined : true} />;
}
