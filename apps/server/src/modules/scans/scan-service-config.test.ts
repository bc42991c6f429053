import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';

describe('scan service settings', () => {
  it('default to the in-process queue, no proxies and no AI provider', () => {
    const { scanService } = loadConfig({});
    expect(scanService).toMatchObject({ redisUrl: null, queueName: 'scans', attempts: 3, llm: null });
  });

  it('read Redis and the chat endpoint', () => {
    const { scanService } = loadConfig({
      REDIS_URL: 'redis://127.0.0.1:6379/2',
      SCAN_PROXIES: 'ch=http://proxy-ch:3128, US=http://user:pw@proxy-us:3128/?a=b',
      SCAN_LOCATION: 'de',
      LLM_BASE_URL: 'http://127.0.0.1:11434/v1',
      LLM_MODEL: 'llama3',
    });
    expect(scanService.redisUrl).toBe('redis://127.0.0.1:6379/2');
    expect(scanService.llm).toEqual({ baseUrl: 'http://127.0.0.1:11434/v1', apiKey: null, model: 'llama3', maxTokens: 300 });
  });

  it('refuse malformed values with the setting named', () => {
    expect(() => loadConfig({ REDIS_URL: 'localhost:6379' })).toThrow(ConfigError);
    expect(() => loadConfig({ SCAN_PROXIES: 'switzerland' })).toThrow(/SCAN_PROXIES/);
    expect(() => loadConfig({ SCAN_LOCATION: 'Germany' })).toThrow(/SCAN_LOCATION/);
  });
});
