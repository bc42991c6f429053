import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';

/** POST /password-reset/: mails a link valid for 10 minutes. */
export const requestPasswordReset = (email: string) => apiRequest<{ status: string }>('api', '/password-reset/', { body: { email } });

export const usePasswordResetRequest = () => useMutation({ mutationFn: requestPasswordReset });

export type PasswordResetConfirm = { password: string; password_confirm: string; token: string };

/** POST /password-reset/confirm/ (sent without a token, SPEC §6). */
export const confirmPasswordReset = (body: PasswordResetConfirm) =>
  apiRequest<{ status: string }>('api', '/password-reset/confirm/', { body });

export const usePasswordResetConfirm = () => useMutation({ mutationFn: confirmPasswordReset });
