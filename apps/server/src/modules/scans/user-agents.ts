/**
 * The user agents a signed-in user may scan as, grouped by device (SPEC §3 User-agent group).
 * A small current default set; the browser-capture issue may replace the list, not its shape.
 */
export const USER_AGENT_GROUPS = [
  {
    device: 'Desktop',
    items: [
      {
        code: 'chrome-windows',
        value: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      },
      {
        code: 'edge-windows',
        value:
          'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      },
      { code: 'firefox-windows', value: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0' },
      {
        code: 'safari-macos',
        value: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
      },
      { code: 'firefox-linux', value: 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0' },
    ],
  },
  {
    device: 'Mobile',
    items: [
      {
        code: 'safari-iphone',
        value:
          'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
      },
      {
        code: 'chrome-android',
        value: 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      },
    ],
  },
  {
    device: 'Tablet',
    items: [
      {
        code: 'safari-ipad',
        value:
          'Mozilla/5.0 (iPad; CPU OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
      },
    ],
  },
] as const satisfies readonly { device: string; items: readonly { code: string; value: string }[] }[];

const byCode = new Map<string, string>(USER_AGENT_GROUPS.flatMap((group) => group.items.map((item) => [item.code, item.value] as const)));

/** The header value for a user-agent code; undefined for a code we do not offer. */
export function userAgentValue(code: string): string | undefined {
  return byCode.get(code);
}
