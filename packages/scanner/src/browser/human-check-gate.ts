import type { Page, Route } from 'playwright-core';
import { lexiconPattern } from '../page/lexicon/lexicon.ts';

/** A gate page is short: a page with more visible text than this is a page of its own. */
const GATE_PAGE_MAX_TEXT = 600;
/** The caption around a gate's control: a line or two ("Verify you are human", the fake vendor's name). */
const GATE_CAPTION_MAX_TEXT = 200;
/** How long the gate's own reveal (a timer, a fetch of the kit's screens) is waited for at most. */
export const GATE_REVEAL_MAX_MS = 3_000;
/**
 * A page that does not answer the search for a gate within this (a page answers in milliseconds, a
 * second on a machine two scans load) is busy with its own script: it is read as it is (the capture
 * stops its scripts), not kept waiting for a gate it is not.
 */
const GATE_SEARCH_MAX_MS = 1_500;
/** Past a timer's due time, the time its callback and the requests it starts are given to begin. */
const TIMER_SLACK_MS = 150;
/** No request of the page's for this long: what the click set off has arrived. */
const QUIET_MS = 300;
const GATE_MARK = 'data-riskscan-gate';

/**
 * Runs in the page: marks the one control of a fake human check, if the page is such a gate, and
 * says whether it found one. The control is a checkbox (`<input type="checkbox">`, `role="checkbox"`)
 * or a button that submits nothing (outside any form, or `type="button"`); its caption, the text of
 * the nearest short block around it, uses the "verify you are human" wording. A real CAPTCHA lives
 * in its vendor's frame, which this never looks into; links are never chosen.
 */
const FIND_GATE = `(source, flags) => {
  const human = new RegExp(source, flags);
  if (!document.body || document.body.innerText.length > ${GATE_PAGE_MAX_TEXT}) return false;
  const visible = (element) => {
    const box = element.getBoundingClientRect();
    const style = getComputedStyle(element);
    return box.width > 0 && box.height > 0 && style.visibility !== 'hidden' && style.display !== 'none';
  };
  const submitsNothing = (element) => {
    if (element.matches('input[type="checkbox" i], [role="checkbox"]')) return true;
    if (element.matches('input[type="button" i], button[type="button" i]')) return true;
    return element.matches('button, [role="button"]') && !element.closest('form');
  };
  const caption = (element) => {
    let block = element;
    while (block.parentElement && block.parentElement !== document.body && block.parentElement.innerText.length <= ${GATE_CAPTION_MAX_TEXT}) block = block.parentElement;
    return block.innerText + ' ' + (element.getAttribute('aria-label') || '');
  };
  const candidates = [...document.querySelectorAll('input[type="checkbox" i], [role="checkbox"], button, input[type="button" i], [role="button"]')];
  const gate = candidates.find((element) => !element.closest('a') && visible(element) && submitsNothing(element) && human.test(caption(element)));
  if (!gate) return false;
  gate.setAttribute('${GATE_MARK}', '');
  return true;
}`;

const CLICK_GATE = `(() => {
  const gate = document.querySelector('[${GATE_MARK}]');
  gate.removeAttribute('${GATE_MARK}');
  gate.click();
})()`;

const PENDING_TIMERS = "(() => { const pending = window[Symbol.for('riskscan.pendingTimers')]; return pending ? pending() : 0; })()";

/** Counts the page's requests in flight from now; `until` waits for a quiet spell, or for `deadline`. */
function watchQuiet(page: Page): { until: (deadline: number) => Promise<void> } {
  let inFlight = 0;
  const started = () => (inFlight += 1);
  const ended = () => (inFlight = Math.max(0, inFlight - 1));
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  return {
    async until(deadline) {
      let quietSince = Date.now();
      while (Date.now() < deadline) {
        if (inFlight > 0) quietSince = Date.now();
        else if (Date.now() - quietSince >= QUIET_MS) break;
        await page.waitForTimeout(50).catch(() => {});
      }
      page.off('request', started);
      page.off('requestfinished', ended);
      page.off('requestfailed', ended);
    },
  };
}

/**
 * Kits put a fake "verify you are human" checkbox or button before their form (issue 36): the
 * form, the brand and the wallet buttons appear only once it is clicked, so a scan that clicks
 * nothing judges the gate alone. When the page is such a gate, its control is clicked once, from
 * the page's script (no pointer: nothing else on the page can be hit), with every navigation of
 * the page refused from then on, so the click can neither submit a form nor lead the browser away;
 * then the reveal's short timers and requests are waited for, within `GATE_REVEAL_MAX_MS`.
 * Returns whether a gate was clicked.
 */
export async function passHumanCheckGate(page: Page, settleMs: number): Promise<boolean> {
  const human = lexiconPattern('humanCheck');
  const search = page.evaluate(`(${FIND_GATE})(${JSON.stringify(human.source)}, ${JSON.stringify(human.flags)})`) as Promise<boolean>;
  search.catch(() => {});
  let timer: NodeJS.Timeout | undefined;
  const busy = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), GATE_SEARCH_MAX_MS)));
  const found = await Promise.race([search, busy]).finally(() => clearTimeout(timer));
  if (!found) return false;
  // Left in place: the page is read as the click left it, whatever its script does next.
  // Answered "no content", a navigation leaves the page where it is (a refused one would show an error page).
  await page.route('**/*', (route: Route) =>
    route.request().isNavigationRequest() && route.request().frame() === page.mainFrame()
      ? route.fulfill({ status: 204 })
      : route.fallback(),
  );
  const quiet = watchQuiet(page);
  await page.evaluate(CLICK_GATE);
  const started = Date.now();
  // The reveal: a timer of the gate's ("checking…" for a second), then the requests it starts.
  const due = Math.min((await page.evaluate(PENDING_TIMERS).catch(() => 0)) as number, GATE_REVEAL_MAX_MS);
  if (due > 0) await page.waitForTimeout(due + TIMER_SLACK_MS);
  await quiet.until(started + Math.min(GATE_REVEAL_MAX_MS, due + TIMER_SLACK_MS + settleMs));
  return true;
}
