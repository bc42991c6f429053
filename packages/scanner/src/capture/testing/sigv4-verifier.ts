import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The server side of AWS Signature V4 for S3, written apart from the client's signer (aws4fetch)
 * so that the test S3 server checks requests with an independent reading of the algorithm:
 * https://docs.aws.amazon.com/AmazonS3/latest/API/sig-v4-header-based-auth.html
 */

export interface ReceivedRequest {
  method: string;
  /** The request target's path as it came on the wire, still percent-encoded. */
  rawPath: string;
  /** The query string without `?`, as it came on the wire. */
  rawQuery: string;
  /** Header names in lower case. */
  headers: Readonly<Record<string, string | undefined>>;
}

export interface SigningSecret {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}

export type SigV4Failure =
  | 'AccessDenied'
  | 'AuthorizationHeaderMalformed'
  | 'InvalidAccessKeyId'
  | 'RequestTimeTooSkewed'
  | 'SignatureDoesNotMatch'
  | 'XAmzContentSHA256Mismatch';

export type SigV4Verdict = { ok: true } | { ok: false; code: SigV4Failure };

const UNSIGNED_PAYLOAD = 'UNSIGNED-PAYLOAD';
const MAX_SKEW_MS = 15 * 60 * 1000;

/** RFC 3986 unreserved characters stay, everything else is %XX in upper case (S3's "URI-encode"). */
const uriEncode = (text: string) =>
  Array.from(Buffer.from(text, 'utf8'))
    .map((byte) => {
      const char = String.fromCharCode(byte);
      return /[A-Za-z0-9\-._~]/.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
    })
    .join('');

const canonicalPath = (rawPath: string) =>
  rawPath
    .split('/')
    .map((segment) => uriEncode(decodeURIComponent(segment)))
    .join('/') || '/';

const canonicalQuery = (rawQuery: string) =>
  rawQuery
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const [name = '', value = ''] = pair.split(/=(.*)/s);
      return [uriEncode(decodeURIComponent(name)), uriEncode(decodeURIComponent(value))] as const;
    })
    .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');

export function canonicalRequest(request: ReceivedRequest, signedHeaders: readonly string[], payloadHash: string): string {
  const headerLines = signedHeaders.map((name) => `${name}:${(request.headers[name] ?? '').trim().replace(/\s+/g, ' ')}\n`).join('');
  return [
    request.method.toUpperCase(),
    canonicalPath(request.rawPath),
    canonicalQuery(request.rawQuery),
    headerLines,
    signedHeaders.join(';'),
    payloadHash,
  ].join('\n');
}

const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();

/** The hex signature for a canonical request, dated `amzDate` (`20130524T000000Z`), for the `s3` service. */
export function signatureFor(secretAccessKey: string, amzDate: string, region: string, canonical: string): string {
  const day = amzDate.slice(0, 8);
  const scope = `${day}/${region}/s3/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, createHash('sha256').update(canonical).digest('hex')].join('\n');
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${secretAccessKey}`, day), region), 's3'), 'aws4_request');
  return hmac(signingKey, stringToSign).toString('hex');
}

const AUTHORIZATION =
  /^AWS4-HMAC-SHA256 Credential=([^/\s,]+)\/(\d{8})\/([^/\s,]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/;

const dateOf = (amzDate: string) =>
  new Date(
    `${amzDate.slice(0, 4)}-${amzDate.slice(4, 6)}-${amzDate.slice(6, 8)}T${amzDate.slice(9, 11)}:${amzDate.slice(11, 13)}:${amzDate.slice(13, 15)}Z`,
  );

/** Checks a request's `Authorization` header, its date and its payload hash as S3 does. */
export function verifySigV4(request: ReceivedRequest, body: Buffer, secret: SigningSecret, now: Date = new Date()): SigV4Verdict {
  const authorization = request.headers.authorization;
  if (!authorization) return { ok: false, code: 'AccessDenied' };
  const match = AUTHORIZATION.exec(authorization);
  const amzDate = request.headers['x-amz-date'];
  const payloadHash = request.headers['x-amz-content-sha256'];
  if (!match || !amzDate || !/^\d{8}T\d{6}Z$/.test(amzDate) || !payloadHash) return { ok: false, code: 'AuthorizationHeaderMalformed' };
  const [, accessKeyId, day, region, signedHeaderList, signature] = match as unknown as string[];
  const signedHeaders = signedHeaderList!.split(';');
  if (day !== amzDate.slice(0, 8) || region !== secret.region || !signedHeaders.includes('host') || !signedHeaders.includes('x-amz-date')) {
    return { ok: false, code: 'AuthorizationHeaderMalformed' };
  }
  if (accessKeyId !== secret.accessKeyId) return { ok: false, code: 'InvalidAccessKeyId' };
  if (Math.abs(now.getTime() - dateOf(amzDate).getTime()) > MAX_SKEW_MS) return { ok: false, code: 'RequestTimeTooSkewed' };
  const expected = signatureFor(secret.secretAccessKey, amzDate, secret.region, canonicalRequest(request, signedHeaders, payloadHash));
  if (!timingSafeEqual(Buffer.from(expected), Buffer.from(signature!))) return { ok: false, code: 'SignatureDoesNotMatch' };
  if (payloadHash !== UNSIGNED_PAYLOAD && createHash('sha256').update(body).digest('hex') !== payloadHash) {
    return { ok: false, code: 'XAmzContentSHA256Mismatch' };
  }
  return { ok: true };
}
