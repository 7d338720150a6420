// End-to-end tests of extreme settings: the named edge cases (every server
// straggles, one survivor, N = K, K = 1, p = 0 and 1, S ≥ N, λ at 0, 1e-300
// and 1e300, impossible values) give a drawn page with a clear message and no
// NaN; the largest N, K and trials allowed keep the page responsive, show
// their progress and can be cancelled; the limits are shown next to the
// controls.
//
// One test: node --test --test-name-pattern="largest" tests/e2e/limits.test.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serveDuringTests, withPage, openApp, canvasHasPixels, MAIN_CANVAS } from './harness.mjs';

const server = serveDuringTests();
const T = { timeout: 300_000 };
const DESKTOP = { viewport: { width: 1280, height: 900 } };
const CANVASES = ['canvas#stragglers-plot', 'canvas#encdec-plot', 'canvas#errors-plot'];


/** The page's visible text, plus every data-* value of the results table. */
async function everythingShown(page) {
  return page.evaluate(() => {
    const data = [...document.querySelectorAll('#results [data-scheme]')].flatMap((r) => Object.values(r.dataset));
    const config = document.querySelector('#results')?.dataset.config ?? '';
    // The link notice quotes what the user typed (e.g. “NaN”): not a result.
    const notice = document.querySelector('#url-notice')?.innerText ?? '';
    const shown = document.body.innerText.replace(notice, '');
    return `${shown}\n${data.join(' ')}\n${config}`;
  });
}

/** Asserts the page is drawn, consistent and free of NaN/undefined. */
async function assertSane(page, what) {
  for (const c of CANVASES) {
    assert.ok(await canvasHasPixels(page, c, { min: 500, timeout: 30_000 }), `${what}: ${c} is drawn`);
  }
  const text = await everythingShown(page);
  assert.doesNotMatch(text, /\bNaN\b|\bundefined\b|\binf\b|Infinity/, `${what}: a NaN/undefined/infinity on the page`);
  assert.equal(await page.locator('#panic-box').count(), 0, `${what}: no error box`);
  return text;
}

// Each case: the link, and what the page must say about it (in the table,
// the notices or the plots' notes).
const CASES = [
  ['every server straggles (p = 1)', '?p=1', /no server answered/],
  ['every server straggles (S = N)', '?m=fixed&s=40', /no server answered/],
  ['S > N', '?m=fixed&s=41', /s = |at most N|≤ N|no server answered/],
  ['one survivor', '?m=fixed&s=39&tr=30', /from 1 of 40 answers.*stragglers exactly S = 39 at random/s],
  ['no straggler (p = 0)', '?p=0&tr=30', /"p":0\b/],
  ['N = K', '?k=12&n=12&tr=30', /"k":12,"n":12/],
  ['K = 1', '?k=1&tr=30', /"k":1,/],
  ['λ = 0', '?le=0&ld=0&tr=30', /λ_dec|Results/],
  ['λ = 1e-300', '?le=1e-300&ld=1e-300&tr=30', /Results/],
  ['λ = 1e300', '?le=1e300&ld=1e300&tr=30', /Results/],
  ['LCC below its threshold', '?sc=lcc&fn=cubic&k=4&n=16&p=0.9&tr=30', /fail/i],
  ['K > N (impossible)', '?k=50&n=20', /k = “50”/],
  ['N over the limit', '?n=100000', /n = “100000”/],
  ['trials over the limit', '?tr=99999', /tr = “99999”/],
  ['λ over the limit', '?ld=1e301', /ld = “1e301”/],
  ['p over 1', '?p=1.5', /p = “1.5”/],
  ['p NaN', '?p=NaN', /p = “NaN”/],
];

test('named edge cases: a drawn page, a clear message, no NaN', T, async () => {
  await withPage('limits-edge-cases', DESKTOP, async (page) => {
    for (const [name, query, says] of CASES) {
      await openApp(page, server.appUrl + query);
      const text = await assertSane(page, name);
      const notice = (await page.locator('#url-notice').count()) ? await page.locator('#url-notice').innerText() : '';
      assert.match(`${text}\n${notice}`, says, `${name}: the page says what happened`);
    }
  });
});

test('impossible values typed into a control: a message next to it, the last valid state stays', T, async () => {
  await withPage('limits-typed', DESKTOP, async (page) => {
    await openApp(page, server.appUrl);
    for (const [id, value, field] of [
      ['#k', '99', /k/i],
      ['#n', '0', /n/i],
      ['#n', '9000', /8192/],
      ['#trials', '10001', /10000|10 000|10⁴/],
      ['#p', '1.01', /p/i],
      ['#lambda-enc', '-1', /λ|lambda/i],
    ]) {
      await page.fill(id, value);
      const control = page.locator(`.control:has(${id})`);
      await page.waitForFunction((sel) => document.querySelector(sel)?.closest('.control')?.classList.contains('invalid'), id);
      assert.match(await control.locator('.field-error').textContent(), field, `${id} = ${value}`);
      await assertSane(page, `${id} = ${value}`);
      await openApp(page, server.appUrl); // a clean state for the next value
    }
  });
});

test('the limits are shown next to the controls', T, async () => {
  await withPage('limits-shown', DESKTOP, async (page) => {
    await openApp(page, server.appUrl);
    const range = (id) => page.locator(`.control:has(#${id}) .range`).textContent();
    assert.match(await range('n'), /8192/);
    assert.match(await range('k'), /1024/);
    assert.match(await range('trials'), /10000|10 000/);
    assert.match(await range('lambda-dec'), /1e300/);
  });
});

test('the largest N, K and trials: responsive, progress shown, cancellable', T, async () => {
  await withPage('limits-largest', DESKTOP, async (page) => {
    await page.goto(`${server.appUrl}?n=8192&k=1024&tr=10000`);
    // The round is drawn (N = 8192 coded points) while the table computes.
    assert.ok(await canvasHasPixels(page, MAIN_CANVAS, { min: 1000, timeout: 60_000 }));
    const progress = page.locator('#table-progress');
    await progress.waitFor({ state: 'visible', timeout: 60_000 });
    // It advances, and the page answers meanwhile (the work is in the worker).
    const done = async () => Number(await progress.getAttribute('data-done'));
    const first = await done();
    await page.waitForFunction((n) => Number(document.querySelector('#table-progress').dataset.done) > n, first, { timeout: 60_000 });
    assert.equal(Number(await progress.getAttribute('data-total')), 2 * 10000);
    assert.match(await progress.textContent(), /of 20000 trials/);
    // The page answers while the worker computes: a dialog opens and closes at once.
    await page.click('#embed-button');
    await page.locator('#embed-dialog').waitFor({ state: 'visible', timeout: 2_000 });
    await page.keyboard.press('Escape');
    // Cancel stops it; the status says so and the page stays usable.
    await page.click('#cancel-table');
    await progress.waitFor({ state: 'hidden', timeout: 10_000 });
    await page.waitForFunction(() => document.querySelector('#status').dataset.state === 'idle', null, { timeout: 10_000 });
    // A smaller setting computes normally afterwards.
    await page.fill('#trials', '20');
    await page.waitForFunction(() => document.querySelector('#results tbody tr') !== null, null, { timeout: 120_000 });
    await assertSane(page, 'after the largest setting');
  });
});
