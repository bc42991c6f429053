import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { objectUrl, S3RequestError, s3Objects, type S3Settings } from './s3-objects.ts';
import { s3ScreenshotStore } from './s3-screenshot-store.ts';
import { screenshotFileName } from './screenshot-store.ts';
import { startS3TestServer, type S3TestServer } from './testing/s3-test-server.ts';

let s3: S3TestServer;
let settings: S3Settings;

beforeAll(async () => {
  s3 = await startS3TestServer();
  settings = {
    endpoint: s3.endpoint,
    bucket: s3.bucket,
    region: s3.region,
    pathStyle: true,
    accessKeyId: s3.accessKeyId,
    secretAccessKey: s3.secretAccessKey,
  };
});

afterAll(() => s3.close());

// A WebP header is enough: the store keeps bytes, it does not decode them.
const image = Buffer.concat([Buffer.from('RIFF\x24\x00\x00\x00WEBPVP8 '), Buffer.from('screenshot-bytes')]);

describe('S3 screenshot store', () => {
  it('puts the screenshot under its content hash with signed requests and reads it back', async () => {
    const store = s3ScreenshotStore(s3Objects(settings), (name) => `https://scan.example.org/screenshots/${name}`);
    const name = screenshotFileName(image);
    const before = s3.log.length;
    expect(await store.save(image)).toBe(`https://scan.example.org/screenshots/${name}`);
    expect(s3.objects.get(`screenshots/${name}`)).toEqual({ body: image, contentType: 'image/webp' });
    expect(await store.read(name)).toEqual(image);
    // Only this test's requests: the other tests' requests share the server's log.
    const requests = s3.log.slice(before);
    expect(requests.map((entry) => [entry.method, entry.status])).toEqual([
      ['PUT', 200],
      ['GET', 200],
    ]);
    expect(requests.every((entry) => entry.authorization?.startsWith(`AWS4-HMAC-SHA256 Credential=${s3.accessKeyId}/`))).toBe(true);
  });

  it('answers null for a screenshot the bucket does not have, and for names that are no screenshot', async () => {
    const store = s3ScreenshotStore(s3Objects(settings), (name) => name);
    expect(await store.read(`${'0'.repeat(40)}.webp`)).toBeNull();
    const before = s3.log.length;
    expect(await store.read('../secrets.txt')).toBeNull();
    expect(s3.log.length).toBe(before);
  });

  it('fails with S3’s error code, and never the secret, when the signature is refused', async () => {
    const objects = s3Objects({ ...settings, secretAccessKey: 'not-the-right-secret-key' });
    const error = await objects.put('screenshots/x.webp', image).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(S3RequestError);
    expect(error).toMatchObject({ status: 403, code: 'SignatureDoesNotMatch' });
    expect(String((error as Error).message)).not.toContain('not-the-right-secret-key');
    expect(s3.objects.has('screenshots/x.webp')).toBe(false);
    await expect(s3Objects({ ...settings, bucket: 'someone-elses' }).get('screenshots/x.webp')).rejects.toMatchObject({
      status: 404,
      code: 'NoSuchBucket',
    });
  });

  it('addresses objects path-style or virtual-hosted as configured', () => {
    const bucket = { endpoint: 'https://s3.eu-central-1.amazonaws.com', bucket: 'shots', region: 'eu-central-1' };
    expect(objectUrl({ ...bucket, pathStyle: false }, 'screenshots/a b.webp').href).toBe(
      'https://shots.s3.eu-central-1.amazonaws.com/screenshots/a%20b.webp',
    );
    expect(objectUrl({ ...bucket, pathStyle: true }, 'screenshots/a.webp').href).toBe(
      'https://s3.eu-central-1.amazonaws.com/shots/screenshots/a.webp',
    );
  });
});
