import { createHash } from 'node:crypto';
import { AwsClient } from 'aws4fetch';

/** An S3-compatible bucket: AWS itself, or MinIO, Ceph, R2 and the like at their own endpoint. */
export interface S3Bucket {
  /** `https://s3.eu-central-1.amazonaws.com`, `http://minio.internal:9000`: scheme, host and port only. */
  endpoint: string;
  bucket: string;
  region: string;
  /** `endpoint/bucket/key` instead of `bucket.endpoint/key`; most self-hosted servers want it. */
  pathStyle: boolean;
}

export interface S3Credentials {
  accessKeyId: string;
  secretAccessKey: string;
}

export type S3Settings = S3Bucket & S3Credentials;

/** An S3 answer that was neither success nor "no such object". Carries no credentials, only what S3 said. */
export class S3RequestError extends Error {
  constructor(
    readonly operation: 'PUT' | 'GET',
    readonly key: string,
    readonly status: number,
    readonly code: string | null,
  ) {
    super(`S3 ${operation} ${key} failed: ${status}${code ? ` ${code}` : ''}`);
    this.name = 'S3RequestError';
  }
}

/** The object's URL in the addressing style the bucket is set up for. */
export function objectUrl(bucket: S3Bucket, key: string): URL {
  const encodedKey = key.split('/').map(encodeURIComponent).join('/');
  const endpoint = new URL(bucket.endpoint);
  if (bucket.pathStyle) return new URL(`/${bucket.bucket}/${encodedKey}`, endpoint);
  endpoint.hostname = `${bucket.bucket}.${endpoint.hostname}`;
  return new URL(`/${encodedKey}`, endpoint);
}

/** S3 errors come as `<Error><Code>NoSuchKey</Code>...`; the code is all we keep. */
const errorCode = (body: string) => /<Code>([^<]{1,64})<\/Code>/.exec(body)?.[1] ?? null;

export interface S3Objects {
  put(key: string, body: Buffer, headers?: Readonly<Record<string, string>>): Promise<void>;
  /** The object's bytes; null when the bucket has no such key. */
  get(key: string): Promise<Buffer | null>;
}

const DEFAULT_TIMEOUT_MS = 15_000;

/**
 * The two object calls the screenshot store needs, signed with AWS Signature V4 (aws4fetch). The
 * payload hash is signed too, so a body changed on the way is refused. The endpoint is the
 * operator's own storage, not a scan target, so it is not subject to the scanner's egress guard.
 */
export function s3Objects(settings: S3Settings, options: { timeoutMs?: number } = {}): S3Objects {
  const client = new AwsClient({
    accessKeyId: settings.accessKeyId,
    secretAccessKey: settings.secretAccessKey,
    service: 's3',
    region: settings.region,
    retries: 2,
  });
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const bucket: S3Bucket = { endpoint: settings.endpoint, bucket: settings.bucket, region: settings.region, pathStyle: settings.pathStyle };

  return {
    async put(key, body, headers = {}) {
      const response = await client.fetch(objectUrl(bucket, key).href, {
        method: 'PUT',
        body: new Uint8Array(body),
        headers: { ...headers, 'x-amz-content-sha256': createHash('sha256').update(body).digest('hex') },
        signal: AbortSignal.timeout(timeoutMs),
      });
      const text = await response.text();
      if (!response.ok) throw new S3RequestError('PUT', key, response.status, errorCode(text));
    },
    async get(key) {
      const response = await client.fetch(objectUrl(bucket, key).href, {
        method: 'GET',
        headers: { 'x-amz-content-sha256': createHash('sha256').digest('hex') },
        signal: AbortSignal.timeout(timeoutMs),
      });
      const body = Buffer.from(await response.arrayBuffer());
      if (response.ok) return body;
      const code = errorCode(body.toString());
      if (response.status === 404 && (code === 'NoSuchKey' || code === null)) return null;
      throw new S3RequestError('GET', key, response.status, code);
    },
  };
}
