import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifySigV4, type SigningSecret } from './sigv4-verifier.ts';

/**
 * A local stand-in for an S3-compatible object store, speaking S3's REST wire format: PUT, GET and
 * HEAD object, path-style (`/bucket/key`) and virtual-hosted (`Host: bucket.endpoint`) addressing,
 * XML errors, and every request checked for a valid Signature V4 before anything is stored or read.
 */
export interface S3TestServer {
  /** `http://127.0.0.1:port`, the `SCREENSHOT_S3_ENDPOINT` for path-style use. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Stored objects by key, with the headers they were stored with. */
  objects: Map<string, { body: Buffer; contentType: string | null }>;
  /** Every request in order: method, key, and the S3 status code it got. */
  log: { method: string; key: string | null; status: number; code: string | null; authorization: string | null }[];
  close(): Promise<void>;
}

const xmlError = (code: string, message: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message><RequestId>0</RequestId></Error>`;

const STATUS_OF: Record<string, number> = {
  AccessDenied: 403,
  AuthorizationHeaderMalformed: 400,
  InvalidAccessKeyId: 403,
  RequestTimeTooSkewed: 403,
  SignatureDoesNotMatch: 403,
  XAmzContentSHA256Mismatch: 400,
  NoSuchBucket: 404,
  NoSuchKey: 404,
  MethodNotAllowed: 405,
};

/** Where a request points: the bucket from the Host name or the first path segment, then the key. */
function addressOf(request: http.IncomingMessage, bucket: string): { bucket: string | null; key: string | null } {
  const rawPath = (request.url ?? '/').split('?')[0]!;
  const host = (request.headers.host ?? '').replace(/:\d+$/, '');
  if (host.startsWith(`${bucket}.`)) return { bucket, key: decodeURIComponent(rawPath.slice(1)) || null };
  const [, first = '', ...rest] = rawPath.split('/');
  return { bucket: decodeURIComponent(first) || null, key: rest.length ? decodeURIComponent(rest.join('/')) || null : null };
}

export async function startS3TestServer(options: Partial<SigningSecret & { bucket: string }> = {}): Promise<S3TestServer> {
  const secret: SigningSecret = {
    accessKeyId: options.accessKeyId ?? 'AKIDRISKSCANTEST0001',
    secretAccessKey: options.secretAccessKey ?? 'riskscan/test/secret/key/for/the/local/s3/server',
    region: options.region ?? 'eu-central-1',
  };
  const bucket = options.bucket ?? 'riskscan-screenshots';
  const objects: S3TestServer['objects'] = new Map();
  const log: S3TestServer['log'] = [];

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const address = addressOf(request, bucket);
      const method = request.method ?? 'GET';
      const finish = (status: number, code: string | null, headers: Record<string, string> = {}, payload?: Buffer | string) => {
        log.push({ method, key: address.key, status, code, authorization: request.headers.authorization ?? null });
        const content = payload ?? (code ? xmlError(code, code) : '');
        response.writeHead(status, code ? { 'content-type': 'application/xml', ...headers } : headers);
        response.end(method === 'HEAD' ? undefined : content);
      };
      const fail = (code: string) => finish(STATUS_OF[code] ?? 400, code);

      const [rawPath = '/', rawQuery = ''] = (request.url ?? '/').split(/\?(.*)/s);
      const verdict = verifySigV4({ method, rawPath, rawQuery, headers: request.headers as Record<string, string> }, body, secret);
      if (!verdict.ok) return fail(verdict.code);
      if (address.bucket !== bucket) return fail('NoSuchBucket');
      if (!address.key) return fail('MethodNotAllowed');

      if (method === 'PUT') {
        objects.set(address.key, { body, contentType: request.headers['content-type'] ?? null });
        return finish(200, null, { etag: `"${createHash('md5').update(body).digest('hex')}"` });
      }
      if (method === 'GET' || method === 'HEAD') {
        const object = objects.get(address.key);
        if (!object) return fail('NoSuchKey');
        return finish(
          200,
          null,
          {
            'content-type': object.contentType ?? 'binary/octet-stream',
            'content-length': String(object.body.length),
            etag: `"${createHash('md5').update(object.body).digest('hex')}"`,
          },
          object.body,
        );
      }
      return fail('MethodNotAllowed');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    bucket,
    region: secret.region,
    accessKeyId: secret.accessKeyId,
    secretAccessKey: secret.secretAccessKey,
    objects,
    log,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
