import type { CheckResult } from '@riskscan/contracts';
import rootPackage from '../../../../../package.json' with { type: 'json' };

const CSV_COLUMNS = ['category', 'category_risk_score', 'name', 'title', 'risk_score', 'is_active', 'message', 'explanation'] as const;

/** RFC 4180 quoting, and a leading quote on formula-like cells so spreadsheets never execute them. */
function csvCell(value: string | number | boolean): string {
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The overall figures, a blank line, then one row per detail under a header row. */
export function scanResultCsv(result: CheckResult): string {
  const rows: (string | number | boolean)[][] = [
    ['url', result.url],
    ['overall_risk', result.overall_risk],
    ['risk_level', result.risk_score_text.name],
    ['classification', result.classification.map((entry) => entry.name).join('; ')],
    [],
    [...CSV_COLUMNS],
    ...result.checks.flatMap((category) =>
      category.details.map((detail) => [
        category.category,
        category.risk_score,
        detail.name,
        detail.title,
        detail.risk_score,
        detail.is_active,
        detail.message,
        detail.explanation,
      ]),
    ),
  ];
  return rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** HTTP status texts for the HAR; a status we do not name gets an empty text, as HAR allows. */
const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  204: 'No Content',
  301: 'Moved Permanently',
  302: 'Found',
  304: 'Not Modified',
  307: 'Temporary Redirect',
  308: 'Permanent Redirect',
  400: 'Bad Request',
  403: 'Forbidden',
  404: 'Not Found',
  500: 'Internal Server Error',
};

function queryOf(url: string): { name: string; value: string }[] {
  try {
    return [...new URL(url).searchParams].map(([name, value]) => ({ name, value }));
  } catch {
    return [];
  }
}

/**
 * The browser's requests as an HTTP Archive 1.2 log. The capture keeps no headers, bodies or
 * timings, so those are empty or -1 ("not known"), as the format allows; a refused request has
 * status 0.
 */
export function scanResultHar(result: CheckResult): object {
  const started = result.scanned_at ?? new Date(0).toISOString();
  const capture = result.capture;
  const pageId = 'page_1';
  return {
    log: {
      version: '1.2',
      creator: { name: 'riskscan', version: rootPackage.version },
      pages: [
        {
          startedDateTime: started,
          id: pageId,
          title: capture?.title ?? result.final_url ?? result.url,
          pageTimings: { onContentLoad: -1, onLoad: capture?.duration_ms ?? -1 },
        },
      ],
      entries: (capture?.requests ?? []).map((request) => {
        const redirect = capture?.redirects.find((step) => step.from === request.url && step.kind === 'http');
        return {
          pageref: pageId,
          startedDateTime: started,
          time: -1,
          request: {
            method: request.method,
            url: request.url,
            httpVersion: '',
            cookies: [],
            headers: [],
            queryString: queryOf(request.url),
            headersSize: -1,
            bodySize: -1,
          },
          response: {
            status: request.status ?? 0,
            statusText: request.status === null ? '' : (STATUS_TEXT[request.status] ?? ''),
            httpVersion: '',
            cookies: [],
            headers: [],
            content: { size: request.bytes, mimeType: '' },
            redirectURL: redirect?.to ?? '',
            headersSize: -1,
            bodySize: request.bytes,
          },
          cache: {},
          timings: { send: -1, wait: -1, receive: -1 },
          ...(request.remote_ip ? { serverIPAddress: request.remote_ip } : {}),
          _resourceType: request.resource_type,
          ...(request.blocked ? { _blocked: true } : {}),
        };
      }),
    },
  };
}
