import { crc32, deflateSync } from 'node:zlib';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import QRCode from 'qrcode';
import { LOGIN_PAGE } from '@riskscan/scanner/testing';

function compose(options: ConstructorParameters<typeof MailComposer>[0]): Promise<Buffer> {
  return new MailComposer(options).compile().build();
}

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
 * suspect message attached as `message/rfc822` (or shown inline, as some clients forward), or
 * as Outlook attaches it: the `.msg` file.
 */
export async function forwardedReport(
  suspect: Buffer,
  disposition: 'attachment' | 'inline' = 'attachment',
  file = { filename: 'suspicious.eml', contentType: 'message/rfc822' },
): Promise<Buffer> {
  return compose({
    from: '"Dana Miller" <dana.miller@riskscan.local>',
    to: 'phishing-reports@riskscan.local',
    subject: 'FW: Action required: your account has been locked',
    date: new Date('2026-11-20T09:02:00Z'),
    headers: { 'Authentication-Results': 'mx.riskscan.local; spf=pass smtp.mailfrom=riskscan.local; dkim=pass; dmarc=pass' },
    text: 'Hi team, this looks odd to me. Reported with the Report Phishing button.',
    attachments: [{ ...file, content: suspect, contentDisposition: disposition }],
  });
}

/** A real PNG of `width` x `height` white pixels (1-bit grey): a few kilobytes declaring a huge canvas. */
export function blankPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale, deflate, no filter, no interlace
  const row = Buffer.alloc(1 + Math.ceil(width / 8), 0xff);
  row[0] = 0;
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A message with one PNG attached. */
export function mailWithImage(image: Buffer): Promise<Buffer> {
  return compose({
    from: 'scanner@office.example',
    to: 'victim@riskscan.local',
    subject: 'Scanned document',
    text: 'See the attached scan.',
    attachments: [{ filename: 'scan.png', content: image, contentType: 'image/png' }],
  });
}
