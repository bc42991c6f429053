import { describe, expect, it } from 'vitest';
import { newSecretToken, openWithToken, sealWithToken } from './secret-tokens.ts';

describe('sealWithToken', () => {
  it('opens only with the token it was sealed with, and refuses altered text', () => {
    const key = newSecretToken();
    const sealed = sealWithToken(key, 'successor');
    expect(sealed).not.toContain('successor');
    expect(openWithToken(key, sealed)).toBe('successor');
    expect(openWithToken(newSecretToken(), sealed)).toBeNull();
    const altered = Buffer.from(sealed, 'base64url');
    altered.writeUInt8(altered.readUInt8(altered.length - 1) ^ 1, altered.length - 1);
    expect(openWithToken(key, altered.toString('base64url'))).toBeNull();
  });
});
