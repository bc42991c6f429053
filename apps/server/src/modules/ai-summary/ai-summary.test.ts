import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, FIXTURE_URL, startScanTestWorld, type ScanTestWorld } from '../scans/testing/scan-test-world.ts';
import { FREE_PLAN } from '../scans/testing/fixed-plan-allowance.ts';

/** A local server speaking the OpenAI chat-completions format, recording what it was asked. */
type ChatRequest = {
  authorization: string | undefined;
  body: { model: string; max_tokens: number; messages: { role: string; content: string }[] };
};
const asked: ChatRequest[] = [];
let totalTokens = 60;
const llm = http.createServer((request, response) => {
  let raw = '';
  request.on('data', (chunk) => (raw += chunk));
  request.on('end', () => {
    if (request.method !== 'POST' || request.url !== '/v1/chat/completions') return response.writeHead(404).end();
    asked.push({ authorization: request.headers.authorization, body: JSON.parse(raw) });
    response.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        id: 'chatcmpl-1',
        object: 'chat.completion',
        model: 'local-model',
        choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: 'The site looks benign. No action needed.' } }],
        usage: { prompt_tokens: totalTokens - 10, completion_tokens: 10, total_tokens: totalTokens },
      }),
    );
  });
});

let t: ScanTestWorld;

beforeAll(async () => {
  await new Promise<void>((resolve) => llm.listen(0, '127.0.0.1', resolve));
  const port = (llm.address() as AddressInfo).port;
  t = await startScanTestWorld({ env: { LLM_BASE_URL: `http://127.0.0.1:${port}/v1`, LLM_API_KEY: 'sk-local', LLM_MODEL: 'local-model' } });
});

afterAll(async () => {
  await t.close();
  await new Promise((resolve) => llm.close(resolve));
});

const scanAs = (token: string, query: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: '/api/v1/check-url/', query: { url: FIXTURE_URL, new: 'true', ...query }, headers: bearer(token) });

describe('AI summary', () => {
  it('asks the configured chat endpoint about the findings and counts the tokens', async () => {
    const user = await t.signedInUser();
    const report = (await scanAs(user.token)).json().data;
    expect(report.ai_analysis).toBe('The site looks benign. No action needed.');
    const call = asked.at(-1)!;
    expect(call.authorization).toBe('Bearer sk-local');
    expect(call.body.model).toBe('local-model');
    expect(call.body.messages[1]!.content).toContain(`URL: ${FIXTURE_URL}`);
    expect(call.body.max_tokens).toBeLessThanOrEqual(FREE_PLAN.tokens_count);
    const row = await t.app.db.selectFrom('scans').select('ai_tokens').where('uid', '=', report.uid).executeTakeFirstOrThrow();
    expect(row.ai_tokens).toBe(60);
  });

  it('is skipped for fast checks', async () => {
    const user = await t.signedInUser();
    const before = asked.length;
    expect((await scanAs(user.token, { fastCheck: 'true' })).json().data.ai_analysis).toBeNull();
    expect(asked.length).toBe(before);
  });

  it('stops when the plan tokens are spent', async () => {
    const user = await t.signedInUser();
    totalTokens = 100;
    expect((await scanAs(user.token)).json().data.ai_analysis).not.toBeNull();
    // 150 tokens on Free: 50 are left, so the next summary is cut to what remains and then nothing is left.
    expect((await scanAs(user.token)).json().data.ai_analysis).not.toBeNull();
    expect(asked.at(-1)!.body.max_tokens).toBe(50);
    const before = asked.length;
    expect((await scanAs(user.token)).json().data.ai_analysis).toBeNull();
    expect(asked.length).toBe(before);
  });
});

describe('without a provider', () => {
  it('leaves ai_analysis null', async () => {
    const plain = await startScanTestWorld();
    try {
      const user = await plain.signedInUser();
      const response = await plain.app.inject({
        method: 'GET',
        url: '/api/v1/check-url/',
        query: { url: FIXTURE_URL },
        headers: bearer(user.token),
      });
      expect(response.json().data.ai_analysis).toBeNull();
    } finally {
      await plain.close();
    }
  });
});
