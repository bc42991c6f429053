import { execFileSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { certificateOf, merkleTreeHash, merkleTreeLeaf, tbsCertificate } from '../testing/ct-log-stand-in.ts';
import { certificateNames } from './certificate-names.ts';
import { decodeLeaf } from './merkle-leaf.ts';

/** A certificate as OpenSSL issues it, so the reader is checked on DER it did not write itself. */
function opensslCertificate(commonName: string, altNames: string[]): Buffer {
  return execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:P-256',
      '-nodes',
      '-keyout',
      '/dev/null',
      '-subj',
      `/O=Stand-in/CN=${commonName}`,
      '-addext',
      `subjectAltName=${altNames.map((name) => `DNS:${name}`).join(',')}`,
      '-days',
      '30',
      '-outform',
      'DER',
    ],
    { stdio: ['ignore', 'pipe', 'ignore'] },
  );
}

describe('certificate names', () => {
  it('reads the names OpenSSL put in a real certificate, as OpenSSL itself reads them', () => {
    const der = opensslCertificate('pixelforge-login.net', [
      'pixelforge-login.net',
      'www.pixelforge-login.net',
      '*.cdn.pixelforge-login.net',
    ]);
    const openssl = new X509Certificate(der).subjectAltName!.split(', ').map((entry) => entry.replace(/^DNS:/, '').replace(/^\*\./, ''));
    expect(certificateNames(der).sort()).toEqual([...new Set(openssl)].sort());
  });

  it('reads a bare TBSCertificate (what a precertificate entry carries) and reduces wildcards', () => {
    expect(certificateNames(tbsCertificate(['*.Secure-PixelForge.com', 'secure-pixelforge.com.']))).toEqual(['secure-pixelforge.com']);
  });

  it('gives no names for anything that is not DER', () => {
    expect(certificateNames(Buffer.from('not a certificate'))).toEqual([]);
    expect(certificateNames(certificateOf(tbsCertificate(['a.example'])).subarray(0, 40))).toEqual([]);
  });
});

describe('RFC 6962 leaves', () => {
  it('decodes an X.509 entry and a precertificate entry with their timestamps', () => {
    const x509 = decodeLeaf(merkleTreeLeaf({ certificate: opensslCertificate('shop.example', ['shop.example']) }, 1_790_000_000_123));
    expect(x509).toEqual({ timestamp: 1_790_000_000_123, kind: 'certificate', names: ['shop.example'] });
    const precert = decodeLeaf(merkleTreeLeaf({ tbs: tbsCertificate(['pixelforge-verify.com']) }, 1_790_000_000_456));
    expect(precert).toEqual({ timestamp: 1_790_000_000_456, kind: 'precertificate', names: ['pixelforge-verify.com'] });
  });

  it('refuses leaves of another version or type, and leaves cut short', () => {
    const leaf = merkleTreeLeaf({ tbs: tbsCertificate(['a.example']) });
    expect(decodeLeaf(Buffer.concat([Buffer.from([1]), leaf.subarray(1)]))).toBeNull();
    expect(decodeLeaf(leaf.subarray(0, 50))).toBeNull();
    expect(decodeLeaf(Buffer.alloc(5))).toBeNull();
  });

  it('hashes the stand-in tree as RFC 6962 defines it (the published empty-tree and one-empty-leaf vectors)', () => {
    expect(merkleTreeHash([]).toString('hex')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(merkleTreeHash([Buffer.alloc(0)]).toString('hex')).toBe('6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d');
  });
});
