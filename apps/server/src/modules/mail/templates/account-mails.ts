import { type MailContent, renderMail } from './mail-layout.ts';

export function activationMail(link: string): MailContent {
  return renderMail('Activate your riskscan account', 'Welcome to riskscan', [
    { paragraph: 'Thanks for signing up. Please confirm your e-mail address to activate your account.' },
    { action: { label: 'Activate account', href: link } },
    { paragraph: 'If you did not sign up, you can ignore this message.' },
  ]);
}

export function passwordResetMail(link: string): MailContent {
  return renderMail('Reset your riskscan password', 'Reset your password', [
    { paragraph: 'Someone asked to reset the password of your riskscan account.' },
    { action: { label: 'Reset password', href: link } },
    { paragraph: 'Reset password links are valid for 10 minutes for security purposes.' },
    { paragraph: 'If you did not ask for this, you can ignore this message: your password stays as it is.' },
  ]);
}

export function emailChangeMail(link: string, currentEmail: string): MailContent {
  return renderMail('Confirm your new riskscan e-mail address', 'Confirm your new e-mail address', [
    { paragraph: `The riskscan account ${currentEmail} asked to use this address from now on.` },
    { action: { label: 'Confirm e-mail address', href: link } },
    { paragraph: 'The link is valid for 24 hours. If you did not ask for this, you can ignore this message.' },
  ]);
}

/** Sent to the old address once a change is confirmed, so a hijack does not go unnoticed. */
export function emailChangedNoticeMail(newEmail: string, signInLink: string): MailContent {
  return renderMail('Your riskscan e-mail address was changed', 'Your e-mail address was changed', [
    { paragraph: `Your riskscan account now uses ${newEmail}. Sign in with that address from now on.` },
    { action: { label: 'Sign in', href: signInLink } },
    { paragraph: 'If you did not make this change, reply to this message right away so we can secure your account.' },
  ]);
}
