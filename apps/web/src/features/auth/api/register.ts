import type { RegisterRequest, RegisterResponse } from '@riskscan/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';

/** POST /register/ with the wire names password1 and password2 (SPEC §3 Register form). */
export const register = (body: RegisterRequest) => apiRequest<RegisterResponse>('api', '/register/', { body });

export const useRegister = () => useMutation({ mutationFn: register });
