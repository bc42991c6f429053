import { constants, generateKeyPairSync, privateEncrypt, randomBytes } from 'node:crypto';
import forge from 'node-forge';

export interface IssuedCertificate {
  key: string;
  cert: string;
}

export interface CertificateRequest {
  hostnames: readonly string[];
  notBefore: Date;
  notAfter: Date;
  /** Sign with the leaf's own key instead of the CA: what improvised servers do. */
  selfSigned?: boolean;
}

/** A throwaway certificate authority for fixture sites; tests trust its `caPem` through the scanner's options. */
export interface TestCa {
  caPem: string;
  issue(request: CertificateRequest): IssuedCertificate;
}

// DER of a DigestInfo naming SHA-256, up to the digest itself (RFC 8017, section 9.2).
const SHA256_DIGEST_INFO = Buffer.from('3031300d060960864801650304020105000420', 'hex');

function rsaKeys(): { privateKey: forge.pki.rsa.PrivateKey; publicKey: forge.pki.rsa.PublicKey; pem: string } {
  // Node generates the key natively (forge's pure-JS generation takes seconds); forge builds the certificates.
  const { privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  const key = forge.pki.privateKeyFromPem(privateKey);
  // And Node signs them, the same PKCS #1 v1.5 signature of forge's digest: forge's RSA in
  // JavaScript cost 0.1 s of CPU a certificate on a busy machine (3-9 ms now), one per site a
  // fixture world serves over https.
  key.sign = (md) => {
    if (typeof md === 'string' || md.algorithm !== 'sha256') throw new Error('the test CA signs SHA-256 digests only');
    const digestInfo = Buffer.concat([SHA256_DIGEST_INFO, Buffer.from(md.digest().getBytes(), 'binary')]);
    return privateEncrypt({ key: privateKey, padding: constants.RSA_PKCS1_PADDING }, digestInfo).toString('binary');
  };
  return { privateKey: key, publicKey: forge.pki.setRsaPublicKey(key.n, key.e), pem: privateKey };
}

const serial = () => `01${randomBytes(8).toString('hex')}`;

export function createTestCa(name = 'riskscan Fixture Root CA'): TestCa {
  const caKeys = rsaKeys();
  const leafKeys = rsaKeys();
  const ca = forge.pki.createCertificate();
  ca.publicKey = caKeys.publicKey;
  ca.serialNumber = serial();
  ca.validity.notBefore = new Date(Date.now() - 3650 * 86_400_000);
  ca.validity.notAfter = new Date(Date.now() + 3650 * 86_400_000);
  const caSubject = [
    { name: 'commonName', value: name },
    { name: 'organizationName', value: 'riskscan fixtures' },
  ];
  ca.setSubject(caSubject);
  ca.setIssuer(caSubject);
  ca.setExtensions([
    { name: 'basicConstraints', cA: true, critical: true },
    { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
  ]);
  ca.sign(caKeys.privateKey, forge.md.sha256.create());

  return {
    caPem: forge.pki.certificateToPem(ca),
    issue({ hostnames, notBefore, notAfter, selfSigned }) {
      const cert = forge.pki.createCertificate();
      cert.publicKey = leafKeys.publicKey;
      cert.serialNumber = serial();
      cert.validity.notBefore = notBefore;
      cert.validity.notAfter = notAfter;
      const subject = [{ name: 'commonName', value: hostnames[0] ?? 'localhost' }];
      cert.setSubject(subject);
      cert.setIssuer(selfSigned ? subject : caSubject);
      cert.setExtensions([
        { name: 'basicConstraints', cA: false },
        { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
        { name: 'extKeyUsage', serverAuth: true },
        { name: 'subjectAltName', altNames: hostnames.map((value) => ({ type: 2, value })) },
      ]);
      cert.sign(selfSigned ? leafKeys.privateKey : caKeys.privateKey, forge.md.sha256.create());
      return { key: leafKeys.pem, cert: forge.pki.certificateToPem(cert) };
    },
  };
}
