import {
  changeEmailConfirmResponseSchema,
  changeEmailResponseSchema,
  changePasswordResponseSchema,
  updateProfileResponseSchema,
  userDetailsSchema,
} from '@riskscan/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { sessionRequest } from '@/lib/session-request.ts';

/** GET /user-details/: who is signed in. */
export const userDetailsQuery = queryOptions({
  queryKey: ['account', 'details'],
  queryFn: async () => userDetailsSchema.parse(await sessionRequest('api', '/user-details/')),
});

export type PasswordChange = { old_password: string; new_password1: string; new_password2: string };

/** PATCH /change-password/ answers with a new session; every other session ends. */
export const changePassword = async (body: PasswordChange) =>
  changePasswordResponseSchema.parse(await sessionRequest('api', '/change-password/', { method: 'PATCH', body }));

/** PATCH /change-email/: the new address takes over once its confirmation link is followed. */
export const changeEmail = async (newEmail: string) =>
  changeEmailResponseSchema.parse(await sessionRequest('api', '/change-email/', { method: 'PATCH', body: { new_email: newEmail } }));

/** POST /change-email/confirm/: the token from the mail is the credential, so no session is sent. */
export const confirmEmailChange = async (token: string) =>
  changeEmailConfirmResponseSchema.parse(await apiRequest('api', '/change-email/confirm/', { body: { token } }));

/** POST /update/profile (SPEC §7 field names). */
export const updateProfile = async (body: { Email: string; Name: string }) =>
  updateProfileResponseSchema.parse(await sessionRequest('api', '/update/profile', { body }));
