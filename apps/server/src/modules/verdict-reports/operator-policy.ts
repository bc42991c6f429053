import { ForbiddenError } from '../../domain-errors.ts';
import { type AuthUser, PERMISSION_DENIED } from '../auth/index.ts';

/**
 * Operators review reports of wrong verdicts: the accounts `OPERATOR_EMAILS` names, signed in with
 * a session. An API key never acts as an operator, so a leaked key cannot rewrite the feeds.
 */
export function requireOperator(caller: AuthUser, operatorEmails: readonly string[]): string {
  if (caller.kind !== 'user' || caller.sessionId === null || !operatorEmails.includes(caller.email.toLowerCase()))
    throw new ForbiddenError(PERMISSION_DENIED);
  return caller.email;
}
