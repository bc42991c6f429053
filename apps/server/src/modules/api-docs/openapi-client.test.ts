import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { signedInUser } from '../accounts/testing/account-factory.ts';
import { fixedPlan } from '../scans/testing/fixed-plan-allowance.ts';
import { BUSINESS_PLAN } from '../scans/testing/scan-test-world.ts';
import { phishingMail } from '../triage/testing/fixture-mails.ts';

const run = promisify(execFile);
const require = createRequire(import.meta.url);

type Operation = {
  operationId?: string;
  security?: Record<string, string[]>[];
  requestBody?: { content: Record<string, unknown> };
  responses: Record<string, unknown>;
};

/** Uploads a message to triage and sends a call the API refuses, with a client generated from the document. */
const TRIAGE_CLIENT = `import { readFileSync } from 'node:fs';
import createClient from 'openapi-fetch';
import type { paths } from './api.js';

const client = createClient<paths>({ baseUrl: process.env.BASE_URL!, headers: { authorization: 'Api-Key ' + process.env.API_KEY } });
const triaged = await client.POST('/api/v1/triage/email/', {
  params: { query: {} },
  body: readFileSync(process.env.MESSAGE_FILE!, 'utf8'),
  bodySerializer: (body) => body as string,
  headers: { 'content-type': 'message/rfc822' },
});
const level: 'Secure' | 'Good' | 'Normal' | 'Risky' | 'Danger' | undefined = triaged.data?.risk_level;
const refused = await client.POST('/api/v1/lookup/', { body: { urls: [] } });
console.log(JSON.stringify({ status: triaged.response.status, level, subject: triaged.data?.message.subject, refused: refused.error }));
`;

/**
 * Calls 25-odd operations with three kinds of credentials and records every answer as it arrives
 * (openapi-fetch middleware), for the test to check against the document.
 */
const SCHEMA_CLIENT = `import createClient, { type Middleware } from 'openapi-fetch';
import type { paths } from './api.js';

const answers: { path: string; method: string; status: number; type: string | null; body: string }[] = [];
const record: Middleware = {
  async onResponse({ schemaPath, request, response }) {
    answers.push({ path: schemaPath, method: request.method.toLowerCase(), status: response.status, type: response.headers.get('content-type'), body: await response.clone().text() });
  },
};
const baseUrl = process.env.BASE_URL!;
const api = createClient<paths>({ baseUrl, headers: { authorization: 'Api-Key ' + process.env.API_KEY } });
const me = createClient<paths>({ baseUrl, headers: { authorization: 'Bearer ' + process.env.SESSION } });
const taxii = createClient<paths>({ baseUrl, headers: { authorization: 'Basic ' + Buffer.from('soc:' + process.env.API_KEY).toString('base64') } });
for (const client of [api, me, taxii]) client.use(record);

await api.GET('/api/v1/health-check/');
await api.POST('/api/v1/lookup/', { body: { urls: ['https://www.wikipedia.org/', 'http://paypal-account-verify.xyz/login'] } });
await api.POST('/api/v1/lookup/', { body: { urls: [] } });
await api.GET('/api/v1/scan-options/');
await api.GET('/api/v1/scan-history/');
await api.GET('/api/v1/search/', { params: { query: { q: 'paypal' } } });
await api.GET('/api/v1/scans/{uid}/', { params: { path: { uid: 'no-such-scan' } } });
await api.GET('/api/v1/monitors/');
await api.GET('/api/v1/monitors/quota/');
await api.GET('/api/v1/scan-profiles/');
await api.GET('/api/v1/saved-searches/');
await api.GET('/api/v1/webhooks/secret/');
await api.GET('/api/v1/misp/feed/manifest.json');
await api.GET('/api/recent-scans/');
await api.GET('/api/memberships/plans/');
await api.GET('/api/v1/memberships/plans/{uid}/', { params: { path: { uid: 'no-such-plan' } } });
await api.GET('/api/v1/user-details/');
await me.GET('/api/v1/user-details/');
await me.PATCH('/api/v1/user-details/', { body: { name: 'Client Author' } });
await me.GET('/api/v1/memberships/');
await me.GET('/api/v1/api-keys/');
const created = await me.POST('/api/v1/api-keys/', { body: { name: 'short-lived' } });
if (created.data) await me.DELETE('/api/v1/api-keys/{uid}/', { params: { path: { uid: created.data.uid } } });
await me.GET('/api/v1/verdict-reports/');
await taxii.GET('/taxii2/');
await taxii.GET('/taxii2/riskscan/');
const collections = await taxii.GET('/taxii2/riskscan/collections/');
for (const collection of collections.data?.collections ?? [])
  await taxii.GET('/taxii2/riskscan/collections/{id}/objects/', { params: { path: { id: collection.id } } });
console.log(JSON.stringify(answers));
`;

/** What an API client written elsewhere does: read the OpenAPI document, generate a typed client, call the API with it. */
describe('the OpenAPI document, through a generated client', () => {
  let t: TestApp;
  let baseUrl: string;
  let apiKey: string;
  let sessionToken: string;
  let document: {
    servers?: { url: string }[];
    paths: Record<string, Record<string, Operation>>;
    components: { securitySchemes: Record<string, { type: string; scheme?: string }> };
  };
  let work: string;

  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://riskscan.example' }, fixedPlan(BUSINESS_PLAN));
    const owner = await signedInUser(t.app);
    sessionToken = owner.token;
    apiKey = (await t.app.inject({ method: 'POST', url: '/api/v1/api-keys/', headers: owner.headers, payload: { name: 'client' } })).json()
      .key;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    document = (await (await fetch(`${baseUrl}/api/docs/json`)).json()) as typeof document;
    work = await mkdtemp(path.join(tmpdir(), 'riskscan-openapi-'));
  });
  afterAll(async () => {
    await t.close();
    await rm(work, { recursive: true, force: true });
  });

  it('names the server, declares request bodies for the triage uploads and every error answer of every operation', () => {
    expect(document.servers).toEqual([{ url: 'https://riskscan.example', description: 'This riskscan server' }]);
    const email = document.paths['/api/v1/triage/email/']!.post!;
    expect(Object.keys(email.requestBody!.content)).toEqual(['message/rfc822', 'application/vnd.ms-outlook', 'multipart/form-data']);
    expect(email.requestBody!.content['message/rfc822']).toEqual({
      schema: { type: 'string', format: 'binary', description: 'The message as received (an .eml file).' },
    });
    expect(email.requestBody!.content['application/vnd.ms-outlook']).toEqual({
      schema: { type: 'string', format: 'binary', description: 'An Outlook message (a .msg file).' },
    });
    const log = document.paths['/api/v1/triage/log/']!.post!;
    expect(Object.keys(log.requestBody!.content)).toEqual([
      'text/plain',
      'application/gzip',
      'application/x-ndjson',
      'application/octet-stream',
    ]);
    expect(Object.keys((log.responses['200'] as { content: object }).content)).toEqual(['application/x-ndjson']);
    expect(document.paths['/api/v1/misp/feed/hashes.csv']!.get!.responses['200']).toMatchObject({ content: { 'text/csv': {} } });

    const operationIds = new Set<string>();
    for (const [url, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        // Every operation is a named method of a generated client, and says what it answers on success.
        expect(operation.operationId, `${method.toUpperCase()} ${url} operationId`).toMatch(/^[a-z][A-Za-z0-9]+$/);
        expect(operationIds.has(operation.operationId!), `${operation.operationId} is unique`).toBe(false);
        operationIds.add(operation.operationId!);
        const success = Object.keys(operation.responses).filter((status) => /^[23]/.test(status));
        expect(success, `${method.toUpperCase()} ${url} success answer`).not.toEqual([]);
        if (method === 'delete') expect(success, `DELETE ${url}`).toContain('204');
        for (const status of ['400', '401', '403', '404', '409', '422', '429', '503']) {
          expect(operation.responses, `${method.toUpperCase()} ${url} ${status}`).toHaveProperty([status]);
        }
        if (operation.requestBody) expect(operation.responses, `${method.toUpperCase()} ${url} 413`).toHaveProperty(['413']);
      }
    }
    const scanErrors = document.paths['/api/v1/scans/']!.post!.responses['429'] as { content: Record<string, { schema: object }> };
    expect(JSON.stringify(scanErrors.content['application/json']!.schema)).toContain('detail');
    // TAXII answers its own error shape, in its own media type.
    const taxiiObject = document.paths['/taxii2/riskscan/collections/{id}/objects/{object_id}/']!.get!;
    const taxii404 = taxiiObject.responses['404'] as { content: Record<string, { schema: { properties: object } }> };
    expect(Object.keys(taxii404.content['application/taxii+json;version=2.1']!.schema.properties)).toEqual(
      expect.arrayContaining(['title', 'http_status']),
    );
    expect(document.components.securitySchemes.basic).toMatchObject({ type: 'http', scheme: 'basic' });
    expect(taxiiObject.security).toEqual([{ basic: [] }, { bearer: [] }]);
    const taxii200 = taxiiObject.responses['200'] as { content: Record<string, { schema: object }> };
    expect(JSON.stringify(taxii200.content['application/taxii+json;version=2.1']!.schema)).toContain('pattern_version');
  });

  /**
   * Writes the generated types and both client programs beside them and type-checks them with tsc
   * (a call the document does not declare fails): one tsc run for both, as it spends its time on
   * the generated types. Runs once, for whichever test asks first.
   */
  async function compileClients(): Promise<void> {
    await writeFile(path.join(work, 'api.d.ts'), astToString(await openapiTS(document as never)));
    await writeFile(path.join(work, 'triage-client.ts'), TRIAGE_CLIENT);
    await writeFile(path.join(work, 'schema-client.ts'), SCHEMA_CLIENT);
    await writeFile(path.join(work, 'package.json'), JSON.stringify({ type: 'module' }));
    await writeFile(
      path.join(work, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          skipLibCheck: true,
          lib: ['ES2022', 'DOM'],
          types: ['node'],
          typeRoots: [path.join(path.dirname(require.resolve('@types/node/package.json')), '..')],
        },
        files: ['triage-client.ts', 'schema-client.ts'],
      }),
    );
    await mkdir(path.join(work, 'node_modules'), { recursive: true });
    await symlink(path.dirname(require.resolve('openapi-fetch/package.json')), path.join(work, 'node_modules', 'openapi-fetch'));
    // The repository's type checker (TypeScript 7's native compiler, decision 591) compiles both programs.
    await run(process.execPath, [fileURLToPath(new URL('../../../../../tools/tsc.mjs', import.meta.url)), '-p', work]);
  }
  let compiled: Promise<void> | undefined;

  /** Runs one of the compiled client programs against the server and returns what it printed. */
  async function runClient(program: 'triage-client' | 'schema-client', env: Record<string, string>): Promise<string> {
    await (compiled ??= compileClients());
    const { stdout } = await run(process.execPath, [path.join(work, `${program}.js`)], { env: { BASE_URL: baseUrl, ...env } });
    return stdout;
  }

  it('generates a client with openapi-typescript that type-checks and calls triage with openapi-fetch', { timeout: 60_000 }, async () => {
    await writeFile(path.join(work, 'message.eml'), await phishingMail());
    const stdout = await runClient('triage-client', { API_KEY: apiKey, MESSAGE_FILE: path.join(work, 'message.eml') });
    expect(JSON.parse(stdout)).toEqual({
      status: 200,
      level: 'Danger',
      subject: 'Action required: your account has been locked',
      refused: { urls: ['Please send at least one URL.'] },
    });
  });

  it('answers every call of a generated client as its schema says: status, media type and body', { timeout: 90_000 }, async () => {
    // The test checks every answer the client recorded against the document: the status is
    // declared, the media type is one it lists, a JSON body validates against the response schema.
    const stdout = await runClient('schema-client', { API_KEY: apiKey, SESSION: sessionToken });
    type Answer = { path: string; method: string; status: number; type: string | null; body: string };
    const answers = JSON.parse(stdout) as Answer[];
    const ajv = new Ajv({ strict: false, allErrors: true });
    // ajv-formats' CommonJS default export, as Node's ESM loader hands it over.
    (addFormats as unknown as (ajv: Ajv) => void)(ajv);
    /** What in an answer disagrees with the document, or null. */
    const mismatch = (answer: Answer): string | null => {
      const name = `${answer.method.toUpperCase()} ${answer.path} ${answer.status}`;
      const declared = document.paths[answer.path]?.[answer.method]?.responses[String(answer.status)] as
        { content?: Record<string, { schema?: object }> } | undefined;
      if (!declared) return `${name}: status not declared`;
      if (answer.body === '') return null;
      const type = (answer.type ?? '').replaceAll(' ', '');
      const media = Object.entries(declared.content ?? {}).find(([key]) => type === key || type.split(';')[0] === key.split(';')[0]);
      if (!media) return `${name}: ${answer.type} not among ${Object.keys(declared.content ?? {}).join(', ') || 'no content'}`;
      if (!/json/.test(media[0]) || !media[1].schema) return null;
      // The schema may point into the document's components.
      const validate = ajv.compile({ allOf: [media[1].schema], components: document.components });
      return validate(JSON.parse(answer.body)) ? null : `${name}: ${ajv.errorsText(validate.errors)}`;
    };
    expect(answers.map(mismatch).filter(Boolean)).toEqual([]);
    // The check does catch a body that breaks its schema, and a status the document never names.
    const lookup = answers.find((answer) => answer.path === '/api/v1/lookup/' && answer.status === 200)!;
    expect(mismatch({ ...lookup, body: '{"results":"none"}' })).toMatch(/^POST \/api\/v1\/lookup\/ 200: /);
    expect(mismatch({ ...lookup, status: 418 })).toBe('POST /api/v1/lookup/ 418: status not declared');
    const called = new Set(answers.map((answer) => `${answer.method} ${answer.path}`));
    expect(called.size).toBeGreaterThanOrEqual(25);
    // Success and error answers both checked.
    expect(answers.filter((answer) => answer.status < 300).length).toBeGreaterThanOrEqual(20);
    expect(answers.filter((answer) => answer.status >= 400).map((answer) => answer.status)).toEqual(
      expect.arrayContaining([400, 403, 404]),
    );
  });
});
