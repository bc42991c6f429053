import { type MailContent, renderMail } from './mail-layout.ts';

export type ContactForm = { name: string; email: string; subject: string; message: string };

/** To the team: the message as sent, answerable by replying (set `replyTo` to the sender). */
export function contactFormMail(form: ContactForm): MailContent {
  return renderMail(`Contact form: ${form.subject}`, 'New contact form message', [
    {
      rows: [
        ['Name', form.name],
        ['Email', form.email],
        ['Subject', form.subject],
      ],
    },
    { quote: form.message },
  ]);
}

/** To the sender: a copy of what they sent, so they know it arrived. */
export function contactFormCopyMail(form: ContactForm, homeLink: string): MailContent {
  return renderMail(`We received your message: ${form.subject}`, 'Thanks for contacting riskscan', [
    { paragraph: `Hello ${form.name}, we received your message and will answer you at ${form.email} soon. This is your copy:` },
    { rows: [['Subject', form.subject]] },
    { quote: form.message },
    { action: { label: 'Back to riskscan', href: homeLink } },
  ]);
}
