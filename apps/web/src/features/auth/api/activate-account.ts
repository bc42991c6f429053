import type { DetailError, ResendActivationRequest, SessionResponse } from '@riskscan/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';

/** SPEC §7 POST /api/account/activate/{uid}/{token}/, under the product API without a second /api (DESIGN §5). */
export const activateAccount = ({ uid, token }: { uid: string; token: string }) =>
  apiRequest<SessionResponse>('api', `/account/activate/${encodeURIComponent(uid)}/${encodeURIComponent(token)}/`, { method: 'POST' });

export const useActivateAccount = () => useMutation({ mutationFn: activateAccount });

/** POST /register/resend-activation/: a new link for an account still waiting for activation. */
export const resendActivation = (email: string) =>
  apiRequest<DetailError>('api', '/register/resend-activation/', { body: { email } satisfies ResendActivationRequest });

export const useResendActivation = () => useMutation({ mutationFn: resendActivation });
