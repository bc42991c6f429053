import multipart from '@fastify/multipart';
import {
  scanRequestSchema,
  TRIAGE_EMAIL_MAX_BYTES,
  triageEmailResponseSchema,
  triageLogQuerySchema,
  triageQuerySchema,
} from '@riskscan/contracts';
import { NotAnEmailError, WorkFailedError, WorkLimitError } from '@riskscan/scanner';
import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ClientSlots } from '../../client-slots.ts';
import { HttpError, workLimitHttpError } from '../../plugins/errors.ts';
import { rawBytes } from '../api-docs/index.ts';
import type { AuthUser } from '../auth/index.ts';
import type { JudgeFor } from '../lookup/index.ts';
import type { ScanInput } from '../scans/index.ts';
import { type ExpandShortLinks, type QueueScans, triageEmail } from './email-triage.service.ts';
import type { WatchedLookalike } from './hunt-knowledge.ts';
import { type LogQuery, readOptionsOf } from './log-formats.ts';
import { LOG_INFLATES_TOO_LARGE } from './log-lines.ts';
import { type HuntLookup, huntUpload, LOG_TOO_LARGE, UNREADABLE } from './log-upload.ts';

const NO_FILE =
  'Please upload the message: a raw message/rfc822 or application/vnd.ms-outlook body, or a multipart form with the .eml or .msg file.';
const TOO_LARGE = `The message is larger than ${TRIAGE_EMAIL_MAX_BYTES / 1024 / 1024} MB.`;
// Work one account may have running at once, so that one account cannot hold the server.
const CONCURRENT_EMAILS = 4;
const CONCURRENT_HUNTS = 1;

/** A message sent as text/plain or octet-stream (the log routes' stream parser): read whole, up to the limit. */
async function readCapped(stream: Readable): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).byteLength;
    if (size > TRIAGE_EMAIL_MAX_BYTES) {
      stream.resume();
      throw new HttpError(413, { detail: TOO_LARGE });
    }
    chunks.push(chunk as Buffer);
  }
  const whole = Buffer.concat(chunks);
  return new Uint8Array(whole.buffer, whole.byteOffset, whole.byteLength);
}

async function uploadedMessage(request: FastifyRequest): Promise<Uint8Array> {
  if (Buffer.isBuffer(request.body)) {
    // The route's limit leaves room for multipart framing; a raw body gets no such slack.
    if (request.body.byteLength > TRIAGE_EMAIL_MAX_BYTES) throw new HttpError(413, { detail: TOO_LARGE });
    // A view, not a copy: copying megabytes here is time on the event loop.
    return new Uint8Array(request.body.buffer, request.body.byteOffset, request.body.byteLength);
  }
  if (request.body instanceof Readable) return readCapped(request.body);
  if (!request.isMultipart()) throw new HttpError(400, { detail: NO_FILE });
  // A form without its boundary, or cut off before its end, is the sender's mistake: 400, not 500.
  const broken = (error: { code?: string; statusCode?: number }): never => {
    if (error.code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, { detail: TOO_LARGE });
    if (error instanceof HttpError) throw error;
    throw new HttpError(400, { detail: `The form could not be read: ${NO_FILE}` });
  };
  const file = await request.file({ limits: { fileSize: TRIAGE_EMAIL_MAX_BYTES, files: 1 } }).catch(broken);
  if (!file) throw new HttpError(400, { detail: NO_FILE });
  const content = await file.toBuffer().catch(broken);
  return new Uint8Array(content.buffer, content.byteOffset, content.byteLength);
}

/** Checks how the query says the log is read (a field map, a template) before any hunt: 400 when it cannot be. */
function readOptions(query: LogQuery): void {
  try {
    readOptionsOf(query);
  } catch (error) {
    throw new HttpError(400, { fields: [(error as Error).message] });
  }
}

/**
 * `POST /triage/email/`: a raw message (`message/rfc822`), an Outlook message
 * (`application/vnd.ms-outlook`), or an `.eml` or `.msg` in a multipart form, up to 10 MB, for signed-in users and API keys (scope `scan`, as the lookup). Nothing of the message is
 * rendered: it is parsed, its links judged, and the findings answered as JSON.
 */
export type TriageRoutesOptions = {
  /** The fast verdict for the caller's account, within its plan (lookup). */
  judgeFor: JudgeFor;
  /** Queues a scan for the caller, as `POST /scans/` does (scans). */
  requestScan: (caller: AuthUser, input: ScanInput) => Promise<{ scan: { uid: string } }>;
  /** What a retro-hunt's thread asks of the lookup service for the caller's account (lookup). */
  huntLookupFor: (userId: number) => Promise<HuntLookup>;
  /** Look-alikes (not gone) of the domains an account watches (monitoring). */
  watchedLookalikes: (userId: number) => Promise<({ domain: string } & WatchedLookalike)[]>;
  /** Where short links lead, followed through the egress guard on the scans' network. */
  expandShortLinks: ExpandShortLinks;
};

/** The answer for a hunt that broke before anything was answered: 413 or 422 naming the limit or the formats tried. */
export function huntRefusal(error: unknown): HttpError {
  if (error instanceof WorkLimitError) return workLimitHttpError('The log', error);
  if (error instanceof WorkFailedError && error.kind === 'UnreadableLogError') return new HttpError(422, { detail: error.message });
  if (error instanceof WorkFailedError && (error.message === LOG_TOO_LARGE || error.message === LOG_INFLATES_TOO_LARGE))
    return new HttpError(413, { detail: error.message });
  return new HttpError(422, { detail: UNREADABLE });
}

export const triageRoutes: FastifyPluginAsyncZod<TriageRoutesOptions> = async (
  app,
  { judgeFor, requestScan, huntLookupFor, watchedLookalikes, expandShortLinks },
) => {
  await app.register(multipart, { limits: { fileSize: TRIAGE_EMAIL_MAX_BYTES, files: 1, fields: 10 } });
  // Logs are read as they arrive, never held whole: the route gets the request stream itself.
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser(
    ['text/plain', 'application/octet-stream', 'application/gzip', 'application/x-gzip', 'application/x-ndjson', 'application/jsonl'],
    (_request, payload, done) => done(null, payload),
  );
  // The body is told apart by its content (an Outlook file by its compound-file magic), not by this type.
  app.addContentTypeParser(['message/rfc822', 'application/vnd.ms-outlook'], { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );
  const emailSlots = new ClientSlots(
    CONCURRENT_EMAILS,
    `At most ${CONCURRENT_EMAILS} messages of one account are triaged at once; try again in a moment.`,
  );
  const huntSlots = new ClientSlots(CONCURRENT_HUNTS, 'A retro-hunt of this account is already running; wait for it to finish.');

  app.post(
    '/triage/email/',
    {
      bodyLimit: TRIAGE_EMAIL_MAX_BYTES + 64 * 1024,
      preHandler: app.requireScope('scan'),
      config: {
        documentedBody: {
          'message/rfc822': rawBytes('The message as received (an .eml file).'),
          'application/vnd.ms-outlook': rawBytes('An Outlook message (a .msg file).'),
          'multipart/form-data': z.object({ file: rawBytes('The .eml or .msg file.') }),
        },
      },
      schema: {
        summary: 'Links, header signals and a verdict for one e-mail message',
        querystring: triageQuerySchema,
        response: { 200: triageEmailResponseSchema },
      },
    },
    async (request) => {
      const release = emailSlots.enter(request.user!.id);
      try {
        return await triageUpload(request, request.query.scan);
      } finally {
        release();
      }
    },
  );

  async function triageUpload(request: FastifyRequest, scanLinks: boolean) {
    const raw = await uploadedMessage(request);
    const caller = request.user!;
    const judge = await judgeFor(caller.id);
    const queueScans: QueueScans | undefined = scanLinks
      ? (urls) =>
          Promise.all(
            urls.map(async (url) => {
              const { scan } = await requestScan(caller, scanRequestSchema.parse({ url, private: true }));
              return { url, uid: scan.uid };
            }),
          )
      : undefined;
    try {
      return await triageEmail(raw, judge, { queueScans, expandShortLinks });
    } catch (error) {
      if (error instanceof NotAnEmailError) throw new HttpError(400, { detail: error.message });
      if (error instanceof WorkLimitError) throw workLimitHttpError('The message', error);
      throw error;
    }
  }

  app.post(
    '/triage/log/',
    {
      preHandler: app.requireScope('scan'),
      config: {
        documentedBody: Object.fromEntries(
          ['text/plain', 'application/gzip', 'application/x-ndjson', 'application/octet-stream'].map((type) => [
            type,
            rawBytes('The proxy log, as exported.'),
          ]),
        ),
      },
      schema: {
        summary:
          'Retro-hunt over an uploaded proxy log (Squid, combined, Zeek, ELFF, Zscaler NSS, CEF or JSON lines, detected from the content, syslog-wrapped or not; or read with the Squid logformat template given; gzip accepted), answered as JSON lines; 422 when no format reads it',
        querystring: triageLogQuerySchema,
        produces: ['application/x-ndjson'],
      },
    },
    async (request, reply) => {
      if (!(request.body instanceof Readable))
        throw new HttpError(400, { detail: 'Please send the log as the request body (text/plain or application/gzip).' });
      const { format, fields, template } = request.query;
      readOptions(request.query);
      const upload = request.body;
      const release = huntSlots.enter(request.user!.id);
      let output;
      try {
        const [lookup, lookalikes] = await Promise.all([huntLookupFor(request.user!.id), watchedLookalikes(request.user!.id)]);
        output = await huntUpload(
          upload,
          { format, fields, template, lookalikes: lookalikes.map(({ domain, ...lookalike }) => [domain, lookalike]) },
          lookup,
          { onEnd: release },
        ).catch((error: unknown) => {
          throw huntRefusal(error);
        });
      } catch (error) {
        release();
        upload.resume();
        throw error;
      }
      output.once('close', release);
      return reply.type('application/x-ndjson').send(output);
    },
  );
};
