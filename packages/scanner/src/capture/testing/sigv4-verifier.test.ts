import { AwsV4Signer } from 'aws4fetch';
import { describe, expect, it } from 'vitest';
import { canonicalRequest, signatureFor, verifySigV4, type ReceivedRequest } from './sigv4-verifier.ts';

// AWS's published example credentials and requests ("Signature Calculations for the Authorization
// Header: Transferring Payload in a Single Chunk", Amazon S3 API reference).
const AWS_EXAMPLE = {
  accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  region: 'us-east-1',
};
const EXAMPLE_TIME = new Date('2013-05-24T00:00:00Z');
const EMPTY_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

const getObject = {
  method: 'GET',
  rawPath: '/test.txt',
  rawQuery: '',
  headers: {
    host: 'examplebucket.s3.amazonaws.com',
    range: 'bytes=0-9',
    'x-amz-content-sha256': EMPTY_SHA256,
    'x-amz-date': '20130524T000000Z',
  },
};
const GET_SIGNATURE = 'f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41';

const putObject = {
  method: 'PUT',
  rawPath: '/test%24file.text',
  rawQuery: '',
  headers: {
    host: 'examplebucket.s3.amazonaws.com',
    date: 'Fri, 24 May 2013 00:00:00 GMT',
    'x-amz-date': '20130524T000000Z',
    'x-amz-storage-class': 'REDUCED_REDUNDANCY',
    'x-amz-content-sha256': '44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072',
  },
};
const PUT_SIGNATURE = '98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd';

const listObjects = {
  method: 'GET',
  rawPath: '/',
  rawQuery: 'max-keys=2&prefix=J',
  headers: { host: 'examplebucket.s3.amazonaws.com', 'x-amz-content-sha256': EMPTY_SHA256, 'x-amz-date': '20130524T000000Z' },
};
const LIST_SIGNATURE = '34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7';

const authorization = (signedHeaders: string, signature: string) =>
  `AWS4-HMAC-SHA256 Credential=${AWS_EXAMPLE.accessKeyId}/20130524/us-east-1/s3/aws4_request, SignedHeaders=${signedHeaders}, Signature=${signature}`;

describe('the test S3 server’s Signature V4 check', () => {
  it('computes AWS’s published signatures for GET object, PUT object and a listing with a query', () => {
    const sign = (request: ReceivedRequest, signed: string[]) =>
      signatureFor(
        AWS_EXAMPLE.secretAccessKey,
        '20130524T000000Z',
        'us-east-1',
        canonicalRequest(request, signed, request.headers['x-amz-content-sha256'] ?? ''),
      );
    expect(sign(getObject, ['host', 'range', 'x-amz-content-sha256', 'x-amz-date'])).toBe(GET_SIGNATURE);
    expect(sign(putObject, ['date', 'host', 'x-amz-content-sha256', 'x-amz-date', 'x-amz-storage-class'])).toBe(PUT_SIGNATURE);
    expect(sign(listObjects, ['host', 'x-amz-content-sha256', 'x-amz-date'])).toBe(LIST_SIGNATURE);
  });

  it('accepts the published request and refuses it with a wrong secret, a changed header, a changed body or an old date', () => {
    const body = Buffer.from('Welcome to Amazon S3.');
    const signed = {
      ...putObject,
      headers: {
        ...putObject.headers,
        authorization: authorization('date;host;x-amz-content-sha256;x-amz-date;x-amz-storage-class', PUT_SIGNATURE),
      },
    };
    expect(verifySigV4(signed, body, AWS_EXAMPLE, EXAMPLE_TIME)).toEqual({ ok: true });
    expect(verifySigV4(signed, body, { ...AWS_EXAMPLE, secretAccessKey: 'another-secret' }, EXAMPLE_TIME)).toEqual({
      ok: false,
      code: 'SignatureDoesNotMatch',
    });
    expect(
      verifySigV4({ ...signed, headers: { ...signed.headers, 'x-amz-storage-class': 'STANDARD' } }, body, AWS_EXAMPLE, EXAMPLE_TIME),
    ).toEqual({
      ok: false,
      code: 'SignatureDoesNotMatch',
    });
    expect(verifySigV4(signed, Buffer.from('Welcome to Amazon S4.'), AWS_EXAMPLE, EXAMPLE_TIME)).toEqual({
      ok: false,
      code: 'XAmzContentSHA256Mismatch',
    });
    expect(verifySigV4(signed, body, AWS_EXAMPLE, new Date('2013-05-24T01:00:00Z'))).toEqual({ ok: false, code: 'RequestTimeTooSkewed' });
    expect(verifySigV4(putObject, body, AWS_EXAMPLE, EXAMPLE_TIME)).toEqual({ ok: false, code: 'AccessDenied' });
    expect(verifySigV4(signed, body, { ...AWS_EXAMPLE, accessKeyId: 'AKIAOTHER' }, EXAMPLE_TIME)).toEqual({
      ok: false,
      code: 'InvalidAccessKeyId',
    });
  });

  it('agrees with the client’s signer (aws4fetch) on AWS’s published GET object example', async () => {
    const signer = new AwsV4Signer({
      ...AWS_EXAMPLE,
      service: 's3',
      url: 'https://examplebucket.s3.amazonaws.com/test.txt',
      method: 'GET',
      headers: { range: 'bytes=0-9', 'x-amz-content-sha256': EMPTY_SHA256 },
      datetime: '20130524T000000Z',
      allHeaders: true,
    });
    const { headers } = await signer.sign();
    expect(headers.get('authorization')).toBe(authorization('host;range;x-amz-content-sha256;x-amz-date', GET_SIGNATURE));
  });
});
