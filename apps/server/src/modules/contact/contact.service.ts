import type { ContactForm } from '@riskscan/contracts';
import { UpstreamError } from '../../domain-errors.ts';
import type { Mailer } from '../mail/index.ts';
import type { Db } from '../../db/database.ts';
import { createContactRepository } from './contact.repository.ts';

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
export function createContactService(deps: { db: Db; mailer: Mailer; contactEmail: string; log: (error: unknown) => void }) {
  const repo = createContactRepository(deps.db);
  return {
    async submit(form: ContactForm, ip: string): Promise<void> {
      const stored = await repo.insert({ ...form, ip });
      try {
        await deps.mailer.send(contactMail(form, stored.id, deps.contactEmail));
      } catch (error) {
        deps.log(error);
        throw new UpstreamError('Email Failed');
      }
      await repo.markMailed(stored.id);
    },
  };
}
