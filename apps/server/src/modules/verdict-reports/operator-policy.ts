import { ForbiddenError } from '../../domain-errors.ts';
import { type AuthUser, PERMISSION_DENIED } from '../auth/index.ts';

/**
 * Operators review reports of wrong verdicts: the accounts `OPERATOR_EMAILS` names, signed in with
 * a session. An API key never acts as an operator, so a leaked key cannot rewrite the feeds.
 */
export function isOperator(caller: AuthUser, operatorEmails: readonly string[]): boolean {
  return caller.kind === 'user' && caller.sessionId !== null && operatorEmails.includes(caller.email.toLowerCase());
}

/** The operator's e-mail, recorded as the reviewer; anyone else is refused. */
export function requireOperator(caller: AuthUser, operatorEmails: readonly string[]): string {
  if (!isOperator(caller, operatorEmails)) throw new ForbiddenError(PERMISSION_DENIED);
  return caller.email;
}
