import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccessTokens } from './access-tokens.ts';
import { loadOrCreateJwtSecret } from './jwt-secret.ts';

const claims = { uid: 'u-1', kind: 'user', scopes: ['account', 'scan'], sessionId: 's-1' } as const;

describe('access tokens', () => {
  const tokens = createAccessTokens('x'.repeat(40), 900);

  it('round-trips the claims', async () => {
    expect(await tokens.verify(await tokens.sign(claims))).toEqual(claims);
  });

  it('rejects a token signed with another key, a tampered one and garbage', async () => {
    const other = createAccessTokens('y'.repeat(40), 900);
    const token = await tokens.sign(claims);
    expect(await other.verify(token)).toBeNull();
    const [header, , signature] = token.split('.');
    const forgedPayload = Buffer.from(JSON.stringify({ sub: 'admin', kind: 'user', scope: 'account scan' })).toString('base64url');
    expect(await tokens.verify(`${header}.${forgedPayload}.${signature}`)).toBeNull();
    expect(await tokens.verify('garbage')).toBeNull();
  });

  it('drops scopes it does not know', async () => {
    const token = await tokens.sign({ ...claims, scopes: ['scan', 'admin' as never] });
    expect((await tokens.verify(token))?.scopes).toEqual(['scan']);
  });
});

describe('loadOrCreateJwtSecret', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'riskscan-secret-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('generates a secret once, keeps it private and returns the same one afterwards', async () => {
    const first = await loadOrCreateJwtSecret(dir);
    expect(first.length).toBeGreaterThanOrEqual(48);
    expect(await loadOrCreateJwtSecret(dir)).toBe(first);
    expect((await stat(path.join(dir, 'secrets', 'jwt-secret'))).mode & 0o077).toBe(0);
  });
});
