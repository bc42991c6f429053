import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseStripeForm } from './stripe-form.ts';

/**
 * A stand-in for api.stripe.com answering the calls the product makes, in Stripe's JSON shapes
 * (API 2026 versions: billing periods live on subscription items). It keeps subscriptions and
 * schedules so retrievals reflect earlier changes, and builds the events Stripe would send.
 */

type Interval = 'month' | 'year';
export type FakePrice = { amount: number; interval: Interval };
type Phase = { start_date: number; end_date: number; items: Array<{ price: string; quantity: number }> };
type Schedule = {
  id: string;
  object: 'subscription_schedule';
  status: 'active' | 'released';
  subscription: string;
  customer: string;
  end_behavior: string;
  phases: Phase[];
};
type Subscription = {
  id: string;
  object: 'subscription';
  customer: string;
  status: 'active' | 'canceled';
  cancel_at_period_end: boolean;
  metadata: Record<string, string>;
  schedule: string | null;
  price: string;
  item: string;
  period: { start: number; end: number };
};
type Session = {
  id: string;
  object: 'checkout.session';
  mode: string;
  url: string;
  client_reference_id: string | null;
  customer: string | null;
  customer_email: string | null;
  metadata: Record<string, string>;
  subscription: string | null;
  price: string;
  subscriptionMetadata: Record<string, string>;
};

export type StripeEvent = { id: string; object: 'event'; type: string; created: number; data: { object: unknown } };
export type RecordedRequest = { method: string; path: string; params: Record<string, unknown> };

const id = (prefix: string) => `${prefix}_${randomBytes(10).toString('hex')}`;
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

function addInterval(start: number, interval: Interval): number {
  const date = new Date(start * 1000);
  if (interval === 'year') date.setUTCFullYear(date.getUTCFullYear() + 1);
  else date.setUTCMonth(date.getUTCMonth() + 1);
  return seconds(date);
}

export async function startFakeStripe(prices: Record<string, FakePrice>) {
  const sessions = new Map<string, Session>();
  const subscriptions = new Map<string, Subscription>();
  const schedules = new Map<string, Schedule>();
  const requests: RecordedRequest[] = [];
  const pendingInvoices: StripeEvent[] = [];
  const secretKey = 'sk_test_riskscan_fake';

  const priceOf = (priceId: string) => {
    const price = prices[priceId];
    if (!price) throw new Error(`fake Stripe: unknown price ${priceId}`);
    return price;
  };

  function subscriptionJson(subscription: Subscription, expand: string[]) {
    const price = priceOf(subscription.price);
    const schedule = subscription.schedule && expand.includes('schedule') ? schedules.get(subscription.schedule) : subscription.schedule;
    return {
      id: subscription.id,
      object: 'subscription',
      customer: subscription.customer,
      status: subscription.status,
      cancel_at_period_end: subscription.cancel_at_period_end,
      metadata: subscription.metadata,
      schedule: schedule ?? null,
      livemode: false,
      items: {
        object: 'list',
        has_more: false,
        url: `/v1/subscription_items?subscription=${subscription.id}`,
        data: [
          {
            id: subscription.item,
            object: 'subscription_item',
            quantity: 1,
            current_period_start: subscription.period.start,
            current_period_end: subscription.period.end,
            price: {
              id: subscription.price,
              object: 'price',
              unit_amount: price.amount,
              currency: 'usd',
              recurring: { interval: price.interval, interval_count: 1 },
            },
          },
        ],
      },
    };
  }

  function event(type: string, object: unknown): StripeEvent {
    return {
      id: id('evt'),
      object: 'event',
      type,
      created: seconds(new Date()),
      data: { object: JSON.parse(JSON.stringify(object)) },
    } as StripeEvent & Record<string, unknown>;
  }

  function invoicePaid(subscription: Subscription, amount: number): StripeEvent {
    return event('invoice.paid', {
      id: id('in'),
      object: 'invoice',
      amount_paid: amount,
      currency: 'usd',
      status: 'paid',
      customer: subscription.customer,
      status_transitions: { paid_at: seconds(new Date()) },
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { subscription: subscription.id, metadata: subscription.metadata },
      },
    });
  }

  const routes: Array<[string, RegExp, (match: RegExpMatchArray, params: Record<string, unknown>) => unknown]> = [
    [
      'POST',
      /^\/v1\/checkout\/sessions$/,
      (_m, p) => {
        const lineItems = p.line_items as Array<{ price: string }>;
        const session: Session = {
          id: id('cs_test'),
          object: 'checkout.session',
          mode: String(p.mode),
          url: '',
          client_reference_id: (p.client_reference_id as string) ?? null,
          customer: (p.customer as string) ?? null,
          customer_email: (p.customer_email as string) ?? null,
          metadata: (p.metadata as Record<string, string>) ?? {},
          subscription: null,
          price: lineItems[0]!.price,
          subscriptionMetadata: (p.subscription_data as { metadata?: Record<string, string> })?.metadata ?? {},
        };
        priceOf(session.price);
        session.url = `https://checkout.stripe.test/c/pay/${session.id}`;
        sessions.set(session.id, session);
        return session;
      },
    ],
    [
      'GET',
      /^\/v1\/subscriptions\/([^/]+)$/,
      (m, p) => {
        const subscription = subscriptions.get(m[1]!);
        return subscription ? subscriptionJson(subscription, (p.expand as string[]) ?? []) : null;
      },
    ],
    [
      'POST',
      /^\/v1\/subscriptions\/([^/]+)$/,
      (m, p) => {
        const subscription = subscriptions.get(m[1]!);
        if (!subscription) return null;
        const items = p.items as Array<{ id: string; price: string }> | undefined;
        if (items?.[0]) {
          if (items[0].id !== subscription.item) throw new Error('fake Stripe: unknown subscription item');
          const now = seconds(new Date());
          const [from, to] = [priceOf(subscription.price), priceOf(items[0].price)];
          const total = subscription.period.end - subscription.period.start;
          const credit = Math.floor((from.amount * Math.max(0, subscription.period.end - now)) / total);
          subscription.price = items[0].price;
          if ((p.billing_cycle_anchor as { type?: string })?.type === 'now')
            subscription.period = { start: now, end: addInterval(now, to.interval) };
          pendingInvoices.push(invoicePaid(subscription, p.proration_behavior === 'always_invoice' ? Math.max(0, to.amount - credit) : 0));
        }
        if (p.cancel_at_period_end !== undefined) subscription.cancel_at_period_end = p.cancel_at_period_end === 'true';
        return subscriptionJson(subscription, (p.expand as string[]) ?? []);
      },
    ],
    [
      'POST',
      /^\/v1\/subscription_schedules$/,
      (_m, p) => {
        const subscription = subscriptions.get(String(p.from_subscription));
        if (!subscription) return null;
        const schedule: Schedule = {
          id: id('sub_sched'),
          object: 'subscription_schedule',
          status: 'active',
          subscription: subscription.id,
          customer: subscription.customer,
          end_behavior: 'release',
          phases: [
            {
              start_date: subscription.period.start,
              end_date: subscription.period.end,
              items: [{ price: subscription.price, quantity: 1 }],
            },
          ],
        };
        schedules.set(schedule.id, schedule);
        subscription.schedule = schedule.id;
        return schedule;
      },
    ],
    [
      'POST',
      /^\/v1\/subscription_schedules\/([^/]+)$/,
      (m, p) => {
        const schedule = schedules.get(m[1]!);
        if (!schedule) return null;
        const phases = p.phases as Array<{
          start_date?: string;
          end_date?: string;
          duration?: { interval: Interval };
          items: Array<{ price: string; quantity: string }>;
        }>;
        let start = Number(phases[0]!.start_date);
        schedule.phases = phases.map((phase) => {
          const end = phase.end_date ? Number(phase.end_date) : addInterval(start, phase.duration!.interval);
          const built = {
            start_date: start,
            end_date: end,
            items: phase.items.map((item) => ({ price: item.price, quantity: Number(item.quantity) })),
          };
          start = end;
          return built;
        });
        schedule.end_behavior = String(p.end_behavior ?? schedule.end_behavior);
        return schedule;
      },
    ],
    [
      'POST',
      /^\/v1\/subscription_schedules\/([^/]+)\/release$/,
      (m) => {
        const schedule = schedules.get(m[1]!);
        if (!schedule) return null;
        schedule.status = 'released';
        const subscription = subscriptions.get(schedule.subscription);
        if (subscription) subscription.schedule = null;
        return schedule;
      },
    ],
  ];

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const url = new URL(request.url ?? '/', 'http://fake');
    const params = parseStripeForm(request.method === 'GET' ? url.search.slice(1) : Buffer.concat(chunks).toString('utf8'));
    requests.push({ method: request.method ?? '', path: url.pathname, params });
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
      response.end(JSON.stringify(body));
    };
    if (request.headers.authorization !== `Bearer ${secretKey}`) {
      return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } });
    }
    for (const [method, pattern, answer] of routes) {
      const match = request.method === method ? url.pathname.match(pattern) : null;
      if (!match) continue;
      try {
        const body = answer(match, params);
        if (body === null) {
          return send(404, {
            error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such object: '${match[1]}'` },
          });
        }
        return send(200, body);
      } catch (error) {
        return send(400, { error: { type: 'invalid_request_error', message: (error as Error).message } });
      }
    }
    send(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${request.method}: ${url.pathname}).` } });
  }

  const server = createServer((request, response) => void handle(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    secretKey,
    requests,
    sessions,
    /** The buyer paid on Stripe's page: the subscription starts; returns the events Stripe sends. */
    completeCheckout(sessionId: string, periodStart = new Date()): { subscriptionId: string; events: StripeEvent[] } {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`fake Stripe: no session ${sessionId}`);
      const start = seconds(periodStart);
      const subscription: Subscription = {
        id: id('sub'),
        object: 'subscription',
        customer: session.customer ?? id('cus'),
        status: 'active',
        cancel_at_period_end: false,
        metadata: session.subscriptionMetadata,
        schedule: null,
        price: session.price,
        item: id('si'),
        period: { start, end: addInterval(start, priceOf(session.price).interval) },
      };
      subscriptions.set(subscription.id, subscription);
      Object.assign(session, {
        subscription: subscription.id,
        customer: subscription.customer,
        status: 'complete',
        payment_status: 'paid',
      });
      return {
        subscriptionId: subscription.id,
        events: [event('checkout.session.completed', session), invoicePaid(subscription, priceOf(session.price).amount)],
      };
    },
    /** Invoices raised by subscription updates (prorated upgrades), as `invoice.paid` events. */
    takeInvoiceEvents(): StripeEvent[] {
      return pendingInvoices.splice(0);
    },
    /** Stripe's billing run at the end of a period: a scheduled phase starts, or the subscription ends, or it renews. */
    endPeriod(subscriptionId: string): StripeEvent[] {
      const subscription = subscriptions.get(subscriptionId)!;
      if (subscription.cancel_at_period_end) {
        subscription.status = 'canceled';
        return [event('customer.subscription.deleted', subscriptionJson(subscription, []))];
      }
      const schedule = subscription.schedule ? schedules.get(subscription.schedule) : undefined;
      const next = schedule?.phases.find((phase) => phase.start_date >= subscription.period.end);
      if (next) subscription.price = next.items[0]!.price;
      const start = subscription.period.end;
      subscription.period = { start, end: addInterval(start, priceOf(subscription.price).interval) };
      return [
        event('customer.subscription.updated', subscriptionJson(subscription, [])),
        invoicePaid(subscription, priceOf(subscription.price).amount),
      ];
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;
