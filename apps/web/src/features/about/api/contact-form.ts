import type { ContactForm } from '@riskscan/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';

/** SPEC §7: the message sent is the full name, then the e-mail, then the entered text. */
export function contactMessage(form: ContactForm): ContactForm {
  return { ...form, message: `${form.name}\n${form.email}\n\n${form.message}` };
}

/** POST /contactform. */
export const sendContactForm = (form: ContactForm) => apiRequest('api', '/contactform', { body: contactMessage(form) });

export const useContactForm = () => useMutation({ mutationFn: sendContactForm });
