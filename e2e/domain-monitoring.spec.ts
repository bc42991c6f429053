import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from './support/fixtures.ts';
import { signInAs } from './support/members.ts';
import { mailedLink } from './support/outbox.ts';

/** A webhook endpoint on loopback (the e2e server may call private addresses) that keeps what it is sent. */
async function webhookEndpoint() {
  const received: { signature: string; body: string }[] = [];
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      received.push({ signature: String(request.headers['x-riskscan-signature'] ?? ''), body });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

test('a member watches a domain and sees the phishing look-alike and its alert', async ({ page, member }) => {
  test.setTimeout(180_000);
  const hooks = await webhookEndpoint();
  await signInAs(page, member);

  await page.goto('/profile/monitoring');
  await expect(page.getByRole('heading', { name: 'Domain monitoring' })).toBeVisible();
  await page.getByLabel('Domain to watch').fill('PixelForge.app');
  await page.getByLabel('Webhook URL (optional)').fill(hooks.url);
  await page.getByRole('button', { name: 'Watch domain' }).click();
  const secret = (await page.getByRole('status').filter({ hasText: 'Webhook signing secret' }).locator('code').textContent())!;
  expect(secret).toMatch(/^whsec_/);

  const card = page.getByRole('article', { name: 'pixelforge.app' });
  const checkNow = card.getByRole('button', { name: 'Check now' });
  // The scheduler may have started the first check already; otherwise start it.
  if (await checkNow.isEnabled()) await checkNow.click();

  const table = card.getByRole('table', { name: 'Look-alikes of pixelforge.app' });
  const phish = table.getByRole('row', { name: /pixelfroge\.app/ });
  await expect(phish).toContainText('Suspicious', { timeout: 150_000 });
  await expect(card.getByRole('button', { name: 'Check now' })).toBeEnabled({ timeout: 30_000 });
  await expect(table.getByRole('row', { name: /pixelforge\.online/ })).toContainText('Parked');
  await expect(phish.getByRole('img', { name: 'Screenshot of pixelfroge.app' })).toBeVisible();

  await card.getByLabel('Status').selectOption('suspicious');
  await expect(table.getByRole('row', { name: /pixelforge\.online/ })).toHaveCount(0);
  await phish.getByRole('button', { name: 'Details of pixelfroge.app' }).click();
  const detail = page.getByRole('dialog', { name: 'pixelfroge.app' });
  await expect(detail.getByRole('list', { name: 'Status history' })).toContainText('Suspicious');
  await detail.getByRole('button', { name: /View scan/ }).click();
  await expect(page.getByRole('dialog', { name: 'Scan result' })).toContainText('pixelforge.app', { timeout: 20_000 });
  await page.keyboard.press('Escape');

  // The alert: in the delivery log, in the member's mailbox, and at the webhook, signed.
  await card.getByText(/Alerts sent/).click();
  await expect(card.getByRole('list', { name: 'Alert deliveries' })).toContainText(`E-mail to ${member.email}`);
  const link = await mailedLink(member.email, /https?:\/\/[^\s"'<>]+\/profile\/monitoring\?monitor=[\w-]+/, 30_000);
  await expect.poll(() => hooks.received.length, { timeout: 30_000 }).toBeGreaterThan(0);
  const [hook] = hooks.received;
  const [, timestamp, signature] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(hook!.signature)!;
  expect(createHmac('sha256', secret).update(`${timestamp}.${hook!.body}`).digest('hex')).toBe(signature);
  expect(JSON.parse(hook!.body).events.map((event: { domain: string }) => event.domain)).toContain('pixelfroge.app');

  await page.goto(link);
  await expect(page.getByRole('article', { name: 'pixelforge.app' })).toHaveClass(/monitor-card--highlighted/);
  await hooks.close();
});
