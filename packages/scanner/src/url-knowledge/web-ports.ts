/** The ports public websites answer on (http, https); an address naming another is unusual. */
export const WEB_PORTS: ReadonlySet<number> = new Set([80, 443]);

/** Whether a URL's explicit port (null: the scheme's default) is one public websites do not use. */
export function isUnusualPort(port: number | null): boolean {
  return port !== null && !WEB_PORTS.has(port);
}
