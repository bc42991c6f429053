import { describe, expect, it } from 'vitest';
import { parsePage } from '../page/page-facts.ts';
import { urlFacts } from '../url/url-facts.ts';
import { fakeShopFinding, looksLikeShop } from './fake-shop.ts';

const URL_ = 'https://outdoor-deals.example/';
const page = (body: string, head = '') => parsePage(`<html><head>${head}</head><body>${body}</body></html>`, URL_);
const finding = (body: string, head = '') => fakeShopFinding(page(body, head), urlFacts(URL_));

const LEGAL = '<footer>Example GmbH · <a href="/imprint">Imprint</a> · <a href="/terms">Terms</a></footer>';
const products = (...discounts: number[]) =>
  `<ul>${discounts.map((off, index) => `<li>Item ${index} <s>€100.00</s> €${100 - off}.00 -${off}% <button>Add to cart</button></li>`).join('')}</ul>`;

describe('fake shop signals', () => {
  it('only looks at pages that sell things', () => {
    expect(looksLikeShop(page('<p>Mug 24,00 € · Bowl 1.299,00 € · Plate 40 EUR</p>'))).toBe(true);
    expect(looksLikeShop(page('<p>We are a hiking club. Membership is free.</p>'))).toBe(false);
    expect(looksLikeShop(page(products(10)))).toBe(true);
    expect(finding('<p>Send us a message, we reply within a day.</p>')).toBeUndefined();
  });

  it('leaves an honest shop with a modest sale, card payments and an imprint alone', () => {
    expect(
      finding(`${products(20, 30, 25)}<p>We accept Visa, Mastercard and invoice.</p>${LEGAL}`, `<link rel="canonical" href="${URL_}">`),
    ).toBeUndefined();
  });

  it('keeps steep discounts and a missing imprint weak', () => {
    const steep = finding(`${products(80, 85, 90)}${LEGAL}`);
    expect(steep?.risk_score).toBeGreaterThan(0);
    expect(steep?.risk_score).toBeLessThan(30);
    expect(steep?.message).toContain('up to 90%');
    const bare = finding(products(10, 15));
    expect(bare?.message).toContain('no imprint');
    expect(bare?.risk_score).toBeLessThan(30);
    expect(finding(`${products(80)}${LEGAL}`)).toBeUndefined();
  });

  it('reads discounts from struck-out and new prices when no percentage is shown', () => {
    const pairs = '<ul><li>Boot <del>$180.00</del> $19.99</li><li>Shoe <del>$1,220.00</del> $124.99</li><li>Cap $20.00</li></ul>';
    expect(finding(`${pairs}${LEGAL}`)?.message).toContain('up to 90%');
    const sale = '<ul><li>Mug <s>€32,00</s> €24,00</li><li>Bowl <s>€95,00</s> €66,50</li><li>Plate €40,00</li></ul>';
    expect(finding(`${sale}${LEGAL}`)).toBeUndefined();
  });

  it('reads prices whose symbol comes first in any currency, and Turkish "%70" discounts', () => {
    const lira = '<ul><li>Ceket 1 ₺2.400,00 ₺390,00</li><li>Ceket 2 ₺3.100,00 ₺450,00</li><li>Ceket 3 ₺999,00</li></ul>';
    expect(finding(`${lira}${LEGAL}`)?.message).toContain('up to 85%');
    const banner = '<h1>%75 indirim</h1><p>Bugün %80 indirim</p><ul><li>₺100,00</li><li>₺120,00</li><li>₺140,00</li></ul>';
    expect(finding(`${banner}${LEGAL}`)?.message).toContain('up to 80%');
    const suffix = '<ul><li>Mug 32,00 € 24,00 €</li><li>Bowl 95,00 € 66,50 €</li><li>Plate 40,00 €</li></ul>';
    expect(finding(`${suffix}${LEGAL}`)).toBeUndefined();
  });

  it('treats gift-card payment as decisive and crypto-only or prepayment-only as medium', () => {
    expect(finding(`${products(10)}<p>Pay with Steam or Apple gift cards at checkout.</p>${LEGAL}`)?.risk_score).toBeGreaterThanOrEqual(60);
    const crypto = finding(`${products(10)}<p>We accept Bitcoin and USDT only.</p>${LEGAL}`)?.risk_score ?? 0;
    const prepay = finding(`${products(10)}<p>Payment exclusively by bank transfer in advance.</p>${LEGAL}`)?.risk_score ?? 0;
    expect(crypto).toBeGreaterThanOrEqual(30);
    expect(crypto).toBeLessThan(60);
    expect(prepay).toBeGreaterThanOrEqual(30);
    expect(prepay).toBeLessThan(60);
  });

  it('does not mistake a shop\u2019s own gift cards or a shipping note for payment terms', () => {
    expect(finding(`${products(10)}<p>Pay with Visa, Mastercard or a Lindqvist gift card.</p>${LEGAL}`)).toBeUndefined();
    expect(finding(`${products(10)}<p>Pay with Apple Pay, Google Pay or any credit card.</p>${LEGAL}`)).toBeUndefined();
    expect(finding(`${products(10)}<p>Buy Steam gift cards for friends, delivered by e-mail.</p>${LEGAL}`)).toBeUndefined();
    expect(finding(`${products(10)}<p>We only ship within the EU. Bitcoin accepted too.</p>${LEGAL}`)).toBeUndefined();
    expect(finding(`${products(10)}<p>Payment by card, or by bank transfer if you prefer.</p>${LEGAL}`)).toBeUndefined();
  });

  it('sees a shop copied from another domain through its canonical address', () => {
    const copied = finding(`${products(10)}${LEGAL}`, '<link rel="canonical" href="https://real-outdoor-shop.com/">');
    expect(copied?.message).toContain('real-outdoor-shop.com');
    expect(finding(`${products(10)}${LEGAL}`, '<link rel="canonical" href="https://www.outdoor-deals.example/sale">')).toBeUndefined();
  });

  it('adds the signs up to Risky: steep discounts, prepayment only, no imprint', () => {
    const combined = finding(`${products(80, 85, 90)}<p>Payment only by bank transfer.</p>`);
    expect(combined?.risk_score).toBeGreaterThanOrEqual(60);
    expect(combined?.message).toMatch(/discounts.*prepayment.*no imprint|prepayment.*discounts.*no imprint/);
  });
});

describe('fake shop wording in every language we sell in', () => {
  const shop = (banner: string, cart: string, payment: string) =>
    finding(
      `<p>${banner}</p><ul><li>A <s>€100.00</s> €20.00 <button>${cart}</button></li><li>B <s>€80.00</s> €16.00</li><li>C <s>€50.00</s> €12.00</li></ul><p>${payment}</p>`,
    );

  it.each([
    ['de', 'Alle Bohnen heute 70% günstiger', 'In den Warenkorb', 'Bezahlung nur per Vorkasse oder Krypto'],
    ['fr', 'Tout à -80%', 'Ajouter au panier', 'Paiement uniquement par virement bancaire'],
    ['it', 'Tutto al 80% di sconto', 'Aggiungi al carrello', 'Pagamento solo con bonifico'],
    ['es', 'Todo con 80% de descuento', 'Añadir al carrito', 'Pago solo por transferencia bancaria'],
    ['nl', 'Alles 80% korting', 'In winkelwagen', 'Betaling alleen via overschrijving'],
    ['pt', 'Tudo com 80% de desconto', 'Adicionar ao carrinho', 'Pagamento apenas por transferência bancária'],
  ])('reads a %s fake shop: steep discounts and prepayment only', (_language, banner, cart, payment) => {
    const found = shop(banner, cart, payment);
    expect(found?.message).toMatch(/discounts of up to \d+%/);
    expect(found?.message).toMatch(/prepayment by transfer only|cryptocurrency only/);
    expect(found?.risk_score).toBeGreaterThanOrEqual(60);
  });
  it('reads pressure (a countdown, "only 2 left", a closing-down story) only beside implausible prices, in any language', () => {
    const clock =
      '<div id="t">05:59:59</div><script>setInterval(function(){var s=Math.floor((end-Date.now())/1e3);t.textContent=s},1000)</script>';
    const anonymous = (pressure: string) => finding(`${products(75, 80, 78)}<p>${pressure}</p>${clock}`);
    for (const pressure of [
      'Zostało tylko 2 szt.',
      'Endast 3 kvar',
      'Már csak 2 db',
      'Likvidace skladu',
      'Räumungsverkauf',
      '残りわずか',
      '仅剩3件',
    ]) {
      const found = anonymous(pressure);
      expect(found?.risk_score, pressure).toBeGreaterThanOrEqual(60);
      expect(found?.message, pressure).toMatch(/with .*countdown/);
    }
    // The same pressure in a shop that says who runs it stays below Risky.
    expect(finding(`${products(75, 80)}<p>Nur noch 2 Stück</p>${clock}${LEGAL}`)?.risk_score).toBeLessThan(40);
    // Pressure beside ordinary prices is what honest shops show: no sign at all.
    expect(finding(`${products(20, 30)}<p>Only 2 left</p>${clock}${LEGAL}`)).toBeUndefined();
    // A clock the page's code does not count down is no countdown.
    expect(finding(`${products(75, 80)}<p>Opening hours 09:00:00</p>${LEGAL}`)?.message).not.toMatch(/countdown/);
  });

  it('reads one item at 85% off and more as implausible, as single-product pages and one-item checkouts show it', () => {
    const checkout = (before: string, after: string, more = '') =>
      finding(`<h1>Güvenli ödeme</h1><p>Dyson V15 ${before} ${after}</p><p>Stokta son 2 ürün</p>${more}<button>Sepete ekle</button>`);
    const lira = checkout('32.999,00 TL', '2.499,00 TL');
    expect(lira?.message).toMatch(/discounts of up to 92% on 1 item/);
    expect(lira?.risk_score).toBeGreaterThanOrEqual(60);
    // One item at an ordinary clearance price stays no sign, and one that says who sells it stays below Risky.
    expect(checkout('1.000,00 TL', '400,00 TL')?.message ?? '').not.toMatch(/discounts/);
    expect(checkout('32.999,00 TL', '2.499,00 TL', LEGAL)?.risk_score).toBeLessThan(40);
  });

  it('reads one item at 70% off as the pattern only when the page hurries the buyer and names no one behind it', () => {
    const product = (more: string) =>
      finding(
        `<p>Darmowa dostawa od 99 zł</p><h1>Nike Air Max 90 – Biały</h1><p>649,99 zł</p><p>189,99 zł</p>${more}<button>Kupuję i płacę 189,99 zł</button>`,
      );
    const alone = product('<p>Zostały tylko 3 sztuki!</p><p>Kontakt: obuwie.sklep@gmail.com</p>');
    expect(alone?.message).toMatch(/discounts of up to 71% on 1 item with "only a few left"/);
    expect(alone?.risk_score).toBeGreaterThanOrEqual(60);
    // The same sale in a shop that says who runs it, or without the hurry, is a sale.
    expect(product(`<p>Zostały tylko 3 sztuki!</p>${LEGAL}`)).toBeUndefined();
    expect(product('<p>Kontakt: obuwie.sklep@gmail.com</p>')?.message ?? '').not.toMatch(/discounts/);
  });
});
