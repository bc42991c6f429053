import { escapeHtml } from '../../../mail/index.ts';

export type CheckoutPageModel = {
  sessionId: string;
  planName: string;
  price: string;
  duration: string;
  cardHolderName: string;
  /** What went wrong with the last attempt (a decline), shown above the form. */
  error?: string;
  /** After a decline the form comes back as it was typed (but the CVC), so a retry is one change away. */
  cardNumber?: string;
  expiry?: string;
};

const STYLE = `body{font-family:Arial,sans-serif;background:#f6f8fb;color:#111;margin:0}
main{max-width:420px;margin:48px auto;background:#fff;border-radius:8px;padding:32px;box-shadow:0 2px 12px rgba(0,0,0,.08)}
h1{font-size:20px;margin:0 0 4px}.price{font-size:28px;margin:8px 0 24px}.note{font-size:13px;color:#555}
label{display:block;font-size:14px;margin:12px 0 4px}input{width:100%;box-sizing:border-box;padding:10px;border:1px solid #ccc;border-radius:6px;font-size:16px}
.row{display:flex;gap:12px}.row>div{flex:1}button{width:100%;margin-top:20px;padding:12px;border:0;border-radius:6px;font-size:16px;cursor:pointer}
.pay{background:#2563eb;color:#fff}.cancel{background:none;color:#2563eb;margin-top:8px}.error{background:#fde8e8;color:#9b1c1c;padding:10px;border-radius:6px}`;

function layout(title: string, body: string): string {
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`
  );
}

/**
 * The sandbox's hosted checkout: a plain form POST (the CSP allows no inline script), so it works
 * in any browser and in tests without one.
 */
export function renderCheckoutPage(model: CheckoutPageModel): string {
  const action = `/payments/checkout/${encodeURIComponent(model.sessionId)}`;
  const error = model.error ? `<p class="error" role="alert">${escapeHtml(model.error)}</p>` : '';
  return layout(
    'riskscan checkout',
    `<h1>Subscribe to the ${escapeHtml(model.planName)} plan</h1>` +
      `<p class="price">${escapeHtml(model.price)} <span class="note">per ${escapeHtml(model.duration)}</span></p>` +
      error +
      `<form method="post" action="${action}">` +
      `<label for="name">Card holder name</label><input id="name" name="card_holder_name" autocomplete="cc-name" maxlength="200" value="${escapeHtml(model.cardHolderName)}">` +
      `<label for="number">Card number</label><input id="number" name="card_number" inputmode="numeric" autocomplete="cc-number" maxlength="23" placeholder="4242 4242 4242 4242" value="${escapeHtml(model.cardNumber ?? '')}" required>` +
      `<div class="row"><div><label for="expiry">Expiry</label><input id="expiry" name="expiry" autocomplete="cc-exp" maxlength="7" placeholder="MM / YY" value="${escapeHtml(model.expiry ?? '')}" required></div>` +
      `<div><label for="cvc">CVC</label><input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" maxlength="4" placeholder="123" required></div></div>` +
      `<button class="pay" type="submit">Pay ${escapeHtml(model.price)}</button></form>` +
      `<form method="post" action="${action}/cancel"><button class="cancel" type="submit">Cancel and return</button></form>` +
      `<p class="note">Sandbox payments: no money moves. Test cards: 4242 4242 4242 4242 is approved, 4000 0000 0000 0002 is declined.</p>`,
  );
}

export function renderClosedCheckoutPage(): string {
  return layout(
    'riskscan checkout',
    '<h1>This checkout session is no longer open.</h1><p class="note">Start again from the pricing page.</p>',
  );
}
