import type { ContactForm } from '@riskscan/contracts';
import { HttpError } from '../../plugins/errors.ts';
import type { Mailer } from '../mail/index.ts';
import type { ContactRepository } from './contact.repository.ts';

/** A header line carries no line breaks, whatever a visitor typed. */
const oneLine = (text: string) => text.replaceAll(/[\r\n\t]+/g, ' ').trim();

export function contactMail(form: ContactForm, id: number, to: string) {
  return {
    to,
    replyTo: `${oneLine(form.name).replaceAll(/["<>]/g, '')} <${form.email}>`,
    subject: `[riskscan contact #${id}] ${oneLine(form.subject)}`,
    text: [`From: ${oneLine(form.name)} <${form.email}>`, `Subject: ${oneLine(form.subject)}`, '', form.message].join('\n'),
  };
}

/**
 * Keeps every message, then mails it to the team. A message that could not be mailed is still
 * stored (mailed_at stays empty) and the visitor is told it failed, so nothing is lost silently.
 */
export function createContactService(deps: {
  repo: ContactRepository;
  mailer: Mailer;
  contactEmail: string;
  log: (error: unknown) => void;
}) {
  return {
    async submit(form: ContactForm, ip: string): Promise<void> {
      const stored = await deps.repo.insert({ ...form, ip });
      try {
        await deps.mailer.send(contactMail(form, stored.id, deps.contactEmail));
      } catch (error) {
        deps.log(error);
        throw new HttpError(502, { detail: 'Email Failed' });
      }
      await deps.repo.markMailed(stored.id);
    },
  };
}
