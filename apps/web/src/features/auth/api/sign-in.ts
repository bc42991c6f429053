import type { LoginRequest, SessionResponse } from '@riskscan/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';

/** POST /login/ (sent without a token, SPEC §6). */
export const signIn = (body: LoginRequest) => apiRequest<SessionResponse>('api', '/login/', { body });

export const useSignIn = () => useMutation({ mutationFn: signIn });
