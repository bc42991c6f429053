import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';

/**
 * Property-based robustness run over the served OpenAPI document: for every operation it lists,
 * requests are generated near the declared shape and far from it (wrong types, sizes, malformed
 * percent-escapes, odd path parameters, unknown fields, broken JSON, other content types), sent
 * as several kinds of caller. The property: no answer is a 5xx. Operations come from the document
 * the app serves, so routes added later are fuzzed without changes here.
 */

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  format?: string;
  maxLength?: number;
  maxItems?: number;
};
type Parameter = { in: 'path' | 'query' | 'header' | 'cookie'; name: string; schema?: Schema };
type OpenApiOperation = { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: Schema }> } };
type OpenApiDocument = { paths: Record<string, Record<string, OpenApiOperation>> };

export type FuzzOperation = { method: string; path: string; pathParams: Parameter[]; queryParams: Parameter[]; body: Schema | null };

/** Who sends a request: nobody, a signed-in user, or someone with broken credentials. */
export type FuzzCaller = { name: string; headers: Record<string, string> };

export type FuzzRequest = {
  operation: string;
  caller: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** Where the request comes from: spread, so per-address limits leave most requests to the routes. */
  remoteAddress: string;
};

export type FuzzFailure = { request: FuzzRequest; status: number; body: string };

export type FuzzReport = {
  operations: number;
  requests: number;
  byStatus: Record<string, number>;
  byOperation: Record<string, { requests: number; statuses: Record<string, number> }>;
  failures: FuzzFailure[];
  durationMs: number;
  seed: number;
};

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

/** Every operation of the document, with what it says about its inputs. */
export function operationsOf(document: OpenApiDocument): FuzzOperation[] {
  const operations: FuzzOperation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      if (!METHODS.has(method)) continue;
      const parameters = operation.parameters ?? [];
      const content = operation.requestBody?.content ?? {};
      const body = (content['application/json'] ?? Object.values(content)[0])?.schema ?? null;
      operations.push({
        method: method.toUpperCase(),
        path,
        pathParams: parameters.filter((parameter) => parameter.in === 'path'),
        queryParams: parameters.filter((parameter) => parameter.in === 'query'),
        body: operation.requestBody ? (body ?? {}) : null,
      });
    }
  }
  return operations;
}

/** Texts that broke parsers somewhere: malformed escapes, NUL, lone surrogates, huge numbers, traversal, injections. */
const NASTY_TEXT = [
  '%E0%A4%A',
  '%',
  '%zz',
  '%00',
  '%C0%AF',
  '%uD800',
  '\u0000',
  '\uD800',
  '😀',
  '../../etc/passwd',
  '%2e%2e%2f',
  ' ',
  '',
  'null',
  'undefined',
  'true',
  '-1',
  '0',
  '1e309',
  'NaN',
  '9'.repeat(40),
  '-9223372036854775809',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  '<script>alert(1)</script>',
  "' or 1=1 --",
  '${jndi:ldap://x}',
  'http://127.0.0.1/',
  'https://example.com/?q=%E0%A4%A',
  'x'.repeat(5000),
  'a@b.co',
  '00000000-0000-0000-0000-000000000000',
];

const nasty = fc.constantFrom(...NASTY_TEXT);
const text = fc.oneof(
  { weight: 3, arbitrary: nasty },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.uuid() },
  { weight: 1, arbitrary: fc.integer().map(String) },
);

const anyJson = fc.jsonValue({ maxDepth: 3 });

function typeOf(schema: Schema): string | undefined {
  const type = Array.isArray(schema.type) ? schema.type.find((entry) => entry !== 'null') : schema.type;
  if (type) return type;
  if (schema.properties) return 'object';
  return undefined;
}

/** Names that say more than their schema: a `url` is worth sending real addresses to, so some requests get past validation. */
function hinted(name: string, schema: Schema): Schema {
  if (/^urls?$/i.test(name) && typeOf(schema) === 'string') return { ...schema, format: 'uri' };
  if (/email/i.test(name) && typeOf(schema) === 'string') return { ...schema, format: 'email' };
  if (/uid$/i.test(name) && typeOf(schema) === 'string') return { ...schema, format: 'uuid' };
  return schema;
}

/** A value for the schema, often right, often wrong: the point is what the server does with both. */
function valueFor(schema: Schema, depth = 0, wellFormed = false): fc.Arbitrary<unknown> {
  const alternative = schema.anyOf?.[0] ?? schema.oneOf?.[0] ?? schema.allOf?.[0];
  if (alternative && !schema.type && !schema.properties) return valueFor(alternative, depth, wellFormed);
  const wrong = fc.oneof(anyJson, nasty);
  const right = (() => {
    if (schema.enum?.length) return fc.constantFrom(...schema.enum);
    switch (typeOf(schema)) {
      case 'string':
        if (schema.format === 'email') return wellFormed ? fc.emailAddress() : fc.oneof(fc.emailAddress(), text);
        if (schema.format === 'uuid') return wellFormed ? fc.uuid() : fc.oneof(fc.uuid(), text);
        if (schema.format === 'uri') return wellFormed ? fc.oneof(fc.webUrl(), fc.domain()) : fc.oneof(fc.webUrl(), fc.domain(), text);
        return wellFormed ? fc.string({ minLength: 1, maxLength: 20 }) : text;
      case 'integer':
      case 'number':
        return fc.oneof(fc.integer(), fc.double(), fc.constantFrom(0, -1, 2 ** 53, 1e308, -0));
      case 'boolean':
        return fc.boolean();
      case 'array':
        return fc.oneof(
          fc.array(schema.items && depth < 3 ? valueFor(schema.items, depth + 1) : anyJson, { maxLength: 5 }),
          // Past a declared cap, or just big.
          fc.constant(Array.from({ length: (schema.maxItems ?? 1000) + 1 }, (_, index) => `https://example-${index}.com/`)),
        );
      case 'object':
        return depth < 3 ? objectFor(schema, depth) : anyJson;
      default:
        return anyJson;
    }
  })();
  return wellFormed ? right : fc.oneof({ weight: 3, arbitrary: right }, { weight: 1, arbitrary: wrong });
}

/** Only what a caller is likely to send right: the URL-, e-mail- and id-like fields, well formed. */
function wellFormedObject(schema: Schema): fc.Arbitrary<unknown> {
  const hintedFields = Object.entries(schema.properties ?? {}).filter(([name, property]) => hinted(name, property) !== property);
  return fc.record(Object.fromEntries(hintedFields.map(([name, property]) => [name, valueFor(hinted(name, property), 1, true)])));
}

/** An object near the schema: properties may be missing, mistyped or joined by unknown ones. */
function objectFor(schema: Schema, depth: number): fc.Arbitrary<unknown> {
  const properties = Object.entries(schema.properties ?? {});
  const shaped = fc.record(Object.fromEntries(properties.map(([name, property]) => [name, valueFor(hinted(name, property), depth + 1)])), {
    requiredKeys: [],
  });
  return fc
    .tuple(shaped, fc.dictionary(fc.oneof(nasty, fc.string({ maxLength: 10 })), anyJson, { maxKeys: 2 }), fc.boolean())
    .map(([known, extra, withExtra]) => (withExtra ? { ...extra, ...known } : known));
}

/** Percent-encodes what a request line cannot carry, but leaves `%` alone so malformed escapes arrive as sent. */
function looselyEncoded(value: string): string {
  return [...value].map((character) => (/^[A-Za-z0-9\-._~!$&'()*+,;=:@%]$/.test(character) ? character : escaped(character))).join('');
}

/** UTF-8 escapes, and for a lone surrogate the bytes it would have (WTF-8): invalid UTF-8 the server must refuse. */
function escaped(character: string): string {
  if (character.length === 2 || !/[\uD800-\uDFFF]/.test(character)) return encodeURIComponent(character);
  const unit = character.charCodeAt(0);
  return [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
    .map((byte) => `%${byte.toString(16).toUpperCase()}`)
    .join('');
}

const pathValue = (parameter: Parameter) =>
  fc.oneof(
    { weight: 2, arbitrary: text },
    {
      weight: 1,
      arbitrary: valueFor(hinted(parameter.name, parameter.schema ?? {})).map((value) =>
        typeof value === 'string' ? value : (JSON.stringify(value) ?? ''),
      ),
    },
    { weight: 1, arbitrary: fc.constantFrom('1', '0', '-1', '2147483648', 'a/b', '..', '%2F', '.%2e') },
  );

const queryValue = (parameter: Parameter) =>
  fc.oneof(
    {
      weight: 3,
      arbitrary: valueFor(hinted(parameter.name, parameter.schema ?? {})).map((value) =>
        typeof value === 'string' ? value : (JSON.stringify(value) ?? ''),
      ),
    },
    { weight: 2, arbitrary: text },
  );

/** A raw query string: declared parameters (maybe missing, repeated or wrong), unknown ones, broken escapes. */
function queryFor(operation: FuzzOperation): fc.Arbitrary<string> {
  return fc.oneof({ weight: 3, arbitrary: fuzzedQuery(operation) }, { weight: 1, arbitrary: wellFormedQuery(operation) });
}

function wellFormedQuery(operation: FuzzOperation): fc.Arbitrary<string> {
  const hintedParameters = operation.queryParams.filter(
    (parameter) => hinted(parameter.name, parameter.schema ?? {}) !== (parameter.schema ?? {}),
  );
  return fc
    .tuple(...hintedParameters.map((parameter) => valueFor(hinted(parameter.name, parameter.schema ?? {}), 0, true)))
    .map((values) =>
      values.length
        ? `?${values.map((value, index) => `${hintedParameters[index]!.name}=${encodeURIComponent(String(value))}`).join('&')}`
        : '',
    );
}

function fuzzedQuery(operation: FuzzOperation): fc.Arbitrary<string> {
  const declared = operation.queryParams.map((parameter) =>
    fc.option(
      fc
        .array(queryValue(parameter), { minLength: 1, maxLength: 2 })
        .map((values) => values.map((value) => `${parameter.name}=${looselyEncoded(value)}`)),
      {
        nil: [],
      },
    ),
  );
  const extra = fc.array(fc.tuple(fc.oneof(nasty, fc.string({ maxLength: 8 })), text), { maxLength: 2 });
  return fc
    .tuple(fc.tuple(...declared), extra, fc.constantFrom('', '', '&', '&&', '=', '%E0%A4%A', 'a[b]=1', 'a[__proto__][x]=1'))
    .map(([pairs, unknown, tail]) => {
      const parts = [
        ...pairs.flat(),
        ...unknown.map(([name, value]) => `${looselyEncoded(name)}=${looselyEncoded(value)}`),
        ...(tail ? [tail] : []),
      ];
      return parts.length > 0 ? `?${parts.join('&')}` : '';
    });
}

type Body = { payload?: string | Buffer; contentType?: string };

function bodyFor(schema: Schema): fc.Arbitrary<Body> {
  const json = (contentType: string) => valueFor(schema).map((value): Body => ({ payload: JSON.stringify(value) ?? 'null', contentType }));
  return fc.oneof(
    {
      weight: 2,
      arbitrary: wellFormedObject(schema).map((value): Body => ({ payload: JSON.stringify(value), contentType: 'application/json' })),
    },
    { weight: 6, arbitrary: json('application/json') },
    { weight: 1, arbitrary: json('application/json; charset=utf-16') },
    { weight: 1, arbitrary: json('text/plain') },
    {
      weight: 2,
      arbitrary: fc.constantFrom<Body>(
        { payload: '{"a":', contentType: 'application/json' },
        { payload: '', contentType: 'application/json' },
        { payload: 'null', contentType: 'application/json' },
        { payload: '"\\ud800"', contentType: 'application/json' },
        { payload: '{"__proto__":{"admin":true}}', contentType: 'application/json' },
        { payload: `${'['.repeat(3000)}${']'.repeat(3000)}`, contentType: 'application/json' },
        { payload: 'a=%E0%A4%A&b=1', contentType: 'application/x-www-form-urlencoded' },
        { payload: '--x\r\n\r\n', contentType: 'multipart/form-data' },
        { payload: Buffer.from([0xff, 0xfe, 0x00, 0x7b]), contentType: 'application/json' },
        { payload: 'x', contentType: 'application/octet-stream' },
        { payload: JSON.stringify({ blob: 'x'.repeat(2 * 1024 * 1024) }), contentType: 'application/json' },
        {},
      ),
    },
  );
}

/** One request for an operation, from one of the callers. */
export function requestFor(operation: FuzzOperation, callers: readonly FuzzCaller[]): fc.Arbitrary<FuzzRequest> {
  const pathValues = fc.tuple(...operation.pathParams.map((parameter) => pathValue(parameter)));
  const body = operation.body ? bodyFor(operation.body) : fc.constant<Body>({});
  return fc
    .tuple(fc.constantFrom(...callers), pathValues, queryFor(operation), body, fc.ipV4())
    .map(([caller, values, query, { payload, contentType }, remoteAddress]) => {
      let path = operation.path;
      operation.pathParams.forEach((parameter, index) => {
        path = path.replace(`{${parameter.name}}`, looselyEncoded(values[index] ?? ''));
      });
      const headers = { ...caller.headers, ...(contentType ? { 'content-type': contentType } : {}) };
      return {
        operation: `${operation.method} ${operation.path}`,
        caller: caller.name,
        method: operation.method,
        url: `${path}${query}`,
        headers,
        remoteAddress,
        ...(payload === undefined ? {} : { payload }),
      };
    });
}

/** Garbage credentials every run includes next to the real callers. */
export const BROKEN_CALLERS: readonly FuzzCaller[] = [
  { name: 'bad-bearer', headers: { authorization: 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.' } },
  { name: 'bad-api-key', headers: { authorization: 'Api-Key %E0%A4%A' } },
  { name: 'odd-scheme', headers: { authorization: `Basic ${'x'.repeat(3000)}` } },
];

export type FuzzOptions = {
  /** Requests per operation. */
  runs: number;
  seed?: number;
  /** The callers, asked again before each operation (a fuzzed request may have signed the user out). */
  callers: () => Promise<readonly FuzzCaller[]>;
  /** Told of every answer, e.g. to count what a signed-in user spent. */
  onResponse?: (request: FuzzRequest, status: number) => void;
};

/** Fuzzes every operation the app's served OpenAPI document lists; resolves with the figures and every 5xx. */
export async function fuzzOpenApi(app: FastifyInstance, options: FuzzOptions): Promise<FuzzReport> {
  const started = performance.now();
  const seed = options.seed ?? Date.now() % 2 ** 31;
  const documentResponse = await app.inject({ method: 'GET', url: '/api/docs/json' });
  const operations = operationsOf(documentResponse.json<OpenApiDocument>());
  const report: FuzzReport = {
    operations: operations.length,
    requests: 0,
    byStatus: {},
    byOperation: {},
    failures: [],
    durationMs: 0,
    seed,
  };
  for (const [index, operation] of operations.entries()) {
    const requests = fc.sample(requestFor(operation, await options.callers()), { numRuns: options.runs, seed: seed + index });
    const figures = (report.byOperation[`${operation.method} ${operation.path}`] ??= { requests: 0, statuses: {} });
    for (const request of requests) {
      const response = await app.inject({
        method: request.method as 'GET',
        url: request.url,
        headers: request.headers,
        ...(request.payload === undefined ? {} : { payload: request.payload }),
        remoteAddress: request.remoteAddress,
      });
      const status = String(response.statusCode);
      report.requests += 1;
      report.byStatus[status] = (report.byStatus[status] ?? 0) + 1;
      figures.requests += 1;
      figures.statuses[status] = (figures.statuses[status] ?? 0) + 1;
      options.onResponse?.(request, response.statusCode);
      if (response.statusCode >= 500) {
        report.failures.push({
          request: { ...request, payload: summarised(request.payload) },
          status: response.statusCode,
          body: response.body.slice(0, 300),
        });
      }
    }
  }
  report.durationMs = Math.round(performance.now() - started);
  return report;
}

function summarised(payload: string | Buffer | undefined): string | undefined {
  if (payload === undefined) return undefined;
  const textPayload = typeof payload === 'string' ? payload : `<${payload.length} bytes>`;
  return textPayload.length > 300 ? `${textPayload.slice(0, 300)}… (${textPayload.length} chars)` : textPayload;
}
