import { verdictReviewerSchema } from '@riskscan/contracts';
import { useEffect, useState } from 'react';
import { canOpenProfile, type StoredUser } from './session.ts';
import { sessionRequest } from './session-request.ts';

// One question per session (its sign-in token), shared by the header's menus.
const asked = new Map<string, Promise<boolean>>();

function askOnce(token: string): Promise<boolean> {
  let answer = asked.get(token);
  if (!answer) {
    answer = sessionRequest<unknown>('api', '/verdict-reports/reviewer/').then(
      (body) => verdictReviewerSchema.parse(body).operator,
      // Unknown is not an operator: the menu simply leaves the link out.
      () => false,
    );
    asked.set(token, answer);
  }
  return answer;
}

/**
 * Whether the signed-in person reviews verdict reports (`GET /verdict-reports/reviewer/`), so
 * the menus can link the review page; false for guests and until the server has said so. The
 * server still checks every call on that page.
 */
export function useIsOperator(user: StoredUser | null): boolean {
  const token = canOpenProfile(user) ? user?.token : undefined;
  const [known, setKnown] = useState<{ token: string; operator: boolean } | null>(null);
  useEffect(() => {
    if (!token) return;
    let current = true;
    void askOnce(token).then((operator) => {
      if (current) setKnown({ token, operator });
    });
    return () => {
      current = false;
    };
  }, [token]);
  return known !== null && known.token === token && known.operator;
}
