import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/database.ts';
import type { Mailer, WebLinks } from '../../mail/index.ts';

/** Billing runs on this clock, so tests can move through periods without waiting for them. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

export type MembershipsContext = { db: Db; clock: Clock; mailer: Mailer; links: WebLinks; log: FastifyBaseLogger };
