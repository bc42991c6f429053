import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
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

/** What an API client written elsewhere does: read the OpenAPI document, generate a typed client, call the API with it. */
describe('the OpenAPI document, through a generated client', () => {
  let t: TestApp;
  let baseUrl: string;
  let apiKey: string;
  let document: {
    servers?: { url: string }[];
    paths: Record<string, Record<string, Operation>>;
    components: { securitySchemes: Record<string, { type: string; scheme?: string }> };
  };
  let work: string;

  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://riskscan.example' }, fixedPlan(BUSINESS_PLAN));
    const owner = await signedInUser(t.app);
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

  it('generates a client with openapi-typescript that type-checks and calls triage with openapi-fetch', { timeout: 60_000 }, async () => {
    await writeFile(path.join(work, 'api.d.ts'), astToString(await openapiTS(document as never)));
    // A program as a client author writes it against the generated types: tsc proves the calls fit
    // the document (a body the document does not declare fails to compile), node runs what tsc emits.
    await writeFile(
      path.join(work, 'client.ts'),
      `import { readFileSync } from 'node:fs';
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
`,
    );
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
        files: ['client.ts'],
      }),
    );
    await mkdir(path.join(work, 'node_modules'));
    await symlink(path.dirname(require.resolve('openapi-fetch/package.json')), path.join(work, 'node_modules', 'openapi-fetch'));
    await run(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', work]);

    await writeFile(path.join(work, 'message.eml'), await phishingMail());
    const { stdout } = await run(process.execPath, [path.join(work, 'client.js')], {
      env: { BASE_URL: baseUrl, API_KEY: apiKey, MESSAGE_FILE: path.join(work, 'message.eml') },
    });
    expect(JSON.parse(stdout)).toEqual({
      status: 200,
      level: 'Danger',
      subject: 'Action required: your account has been locked',
      refused: { urls: ['Please send at least one URL.'] },
    });
  });
});
