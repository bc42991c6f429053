import { describe, expect, it } from 'vitest';
import { parsePage } from '../page/page-facts.ts';
import { scriptCorpus } from '../page/revealed-code.ts';
import { giveawayScamFinding } from './giveaway-scam.ts';

const finding = (body: string, title = 'Example') => {
  const page = parsePage(`<html><head><title>${title}</title></head><body>${body}</body></html>`, 'https://event.example/');
  return giveawayScamFinding(page, scriptCorpus(page));
};
const ADDRESS = '0x8fA3c2B7e91D4b5C6a0F1e2d3C4b5A6978e1d2C3';

describe('giveaway and investment scam signals', () => {
  it('treats "send X, get 2X back" as decisive on its own', () => {
    expect(finding('<p>Send 0.1 to 20 ETH to the address below and receive double back instantly.</p>')?.risk_score).toBeGreaterThanOrEqual(
      80,
    );
    expect(
      finding(`<p>Send 1 BTC, get 2 BTC back! Use ${'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh'}.</p>`)?.risk_score,
    ).toBeGreaterThanOrEqual(80);
    expect(finding('<h1>Double your bitcoin in 24 hours</h1>')?.risk_score).toBeGreaterThanOrEqual(80);
    expect(finding('<p>Send 0.5 ETH and get 1 ETH back.</p>')?.risk_score).toBeGreaterThanOrEqual(80);
    expect(finding('<p>Send 1 ETH and get 1 ETH of gas refunds over a year.</p>')).toBeUndefined();
  });

  it('treats guaranteed daily returns with a deposit address as Risky, and alone as medium', () => {
    const deposit = finding(`<p>Earn 4% daily, guaranteed. Send USDT to the following address: ${ADDRESS}</p>`);
    expect(deposit?.risk_score).toBeGreaterThanOrEqual(60);
    const alone = finding('<p>Our fund pays guaranteed returns every month.</p>')?.risk_score ?? 0;
    expect(alone).toBeGreaterThanOrEqual(30);
    expect(alone).toBeLessThan(60);
  });

  it('counts a countdown in the page or its code with a deposit address', () => {
    const body = `<p>Send ETH to this address: ${ADDRESS}</p><p>Event ends in <span id="t">10:00</span></p>`;
    expect(finding(body)?.risk_score).toBeGreaterThanOrEqual(60);
    const scripted = `<p>Send ETH to this address: ${ADDRESS}</p><span id="t"></span><script>setInterval(function(){ countdown--; }, 1000)</script>`;
    expect(finding(scripted)?.risk_score).toBeGreaterThanOrEqual(60);
    expect(finding(`<p>Donations welcome: send ETH to this address ${ADDRESS}. Thank you!</p>`)?.risk_score).toBeLessThan(30);
  });

  it('needs coins for a doubling promise: reward points and savings articles are not giveaways', () => {
    expect(finding('<p>Earn 2x back in points on dining and travel with the Rewards card.</p>')).toBeUndefined();
    expect(finding('<p>At 7% a year, compound interest will double your investment in about ten years.</p>')).toBeUndefined();
    expect(finding('<p>Deposit USDT and get 2x back within 24 hours.</p>')?.risk_score).toBeGreaterThanOrEqual(80);
    expect(finding('<p>Double your deposit in 48 hours!</p>')?.risk_score).toBeGreaterThanOrEqual(30);
  });

  it('stays silent on an exchange landing page and on an article quoting a scam', () => {
    expect(
      finding('<p>Buy bitcoin with a card. Earn up to 6% APY on staking; rewards are not guaranteed. Deposit and withdraw any time.</p>'),
    ).toBeUndefined();
    expect(
      finding('<p>Scammers promise:</p><blockquote>Send 1 ETH, get 2 ETH back!</blockquote><p>Never fall for it.</p>'),
    ).toBeUndefined();
  });
});
