import { describe, expect, it } from 'vitest';
import { activationMail, emailChangedNoticeMail, emailChangeMail, passwordResetMail } from './account-mails.ts';
import { paymentReceiptMail, renewalReminderMail } from './billing-mails.ts';
import { escapeHtml, renderMail } from './mail-layout.ts';
import { createWebLinks } from './web-links.ts';

const links = createWebLinks('https://riskscan.example/');

describe('web links', () => {
  it('builds the SPEC §2 routes on the public URL', () => {
    expect(links.activateAccount('3f2a-uid', 'tok/en')).toBe('https://riskscan.example/activate-account/3f2a-uid/tok%2Fen');
    expect(links.passwordReset('abc')).toBe('https://riskscan.example/password-reset/token/abc');
    expect(links.licenseDetails()).toBe('https://riskscan.example/profile/license_details');
  });
});

describe('mail templates', () => {
  const form = { name: 'Eve <script>', email: 'eve@example.test', subject: 'Hi & bye', message: 'line one\n<b>line two</b>' };
  const receipt = {
    planName: 'Professional',
    amountCents: 19200,
    currency: 'usd',
    period: 'yearly' as const,
    paidAt: new Date('2026-03-01T10:00:00Z'),
    periodEnd: new Date('2027-03-01T10:00:00Z'),
    reference: 'in_123',
  };
  const reminder = {
    planName: 'Business',
    amountCents: 30000,
    currency: 'usd',
    period: 'monthly' as const,
    renewsAt: new Date('2026-04-16T00:00:00Z'),
  };

  const all = {
    activation: activationMail(links.activateAccount('u', 't')),
    reset: passwordResetMail(links.passwordReset('t')),
    emailChange: emailChangeMail(links.confirmEmailChange('t'), 'old@example.test'),
    emailChanged: emailChangedNoticeMail('new@example.test', links.signIn()),
    receipt: paymentReceiptMail(receipt, links.licenseDetails()),
    reminder: renewalReminderMail(reminder, new Date('2026-04-01T00:00:00Z'), links.licenseDetails()),
  };

  it.each(Object.entries(all))('%s has a subject, a text part and an HTML part carrying the same links', (_name, mail) => {
    expect(mail.subject.length).toBeGreaterThan(5);
    const textLinks = mail.text.match(/https:\/\/[^\s]+/g) ?? [];
    for (const link of textLinks) expect(mail.html).toContain(escapeHtml(link));
  });

  it('escapes what users typed in the HTML part and keeps it verbatim in the text part', () => {
    const typed = renderMail(`Note: ${form.subject}`, 'A note', [{ rows: [['Name', form.name]] }, { quote: form.message }]);
    expect(typed.html).not.toContain('<script>');
    expect(typed.html).toContain('Eve &lt;script&gt;');
    expect(typed.html).toContain('&lt;b&gt;line two&lt;/b&gt;');
    expect(typed.text).toContain('> line one\n> <b>line two</b>');
  });

  it('states the reset link lifetime, the receipt amounts and the renewal date', () => {
    expect(all.reset.text).toContain('Reset password links are valid for 10 minutes for security purposes.');
    expect(all.receipt.text).toContain('Amount: $192.00');
    expect(all.receipt.text).toContain('Paid until: 2027-03-01');
    expect(all.reminder.subject).toBe('Your riskscan Business plan renews in 15 days');
    expect(all.reminder.text).toContain('on 2026-04-16 for $300.00 (monthly)');
  });
});
