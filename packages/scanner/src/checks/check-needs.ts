import { answered, pageAnswered } from '../collect/reachability.ts';
import type { CheckOptions } from './check.ts';

/** For checks that read the final page or its certificate: with no page, their clean details are "not run". */
export const NEEDS_PAGE: CheckOptions = { ran: pageAnswered };

/** For checks that read any answer, a redirect included. */
export const NEEDS_ANSWER: CheckOptions = { ran: answered };
