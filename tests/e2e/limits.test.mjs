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
import {
  testFile,
  withPage,
  openApp,
  andWait,
  runs,
  linkValue,
  canvasHasPixels,
  canvasSnapshot,
  MAIN_CANVAS,
  DESKTOP,
} from './harness.mjs';

const { server, T } = testFile({ timeout: 300_000 });
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

/** What the page shows of the computed state: the table's configuration and rows, the link, the notice. */
async function shownState(page) {
  return page.evaluate(() => {
    const table = document.querySelector('#results');
    return {
      config: JSON.parse(table.dataset.config),
      rows: [...table.querySelectorAll('tbody tr[data-scheme]')].map((r) => ({
        scheme: r.dataset.scheme,
        trials: Number(r.dataset.trials),
        failures: Number(r.dataset.failures),
        mse: r.dataset.mseMean === '' ? null : Number(r.dataset.mseMean),
        mseStd: r.dataset.mseStd === '' ? null : Number(r.dataset.mseStd),
        text: r.innerText.replace(/\s+/g, ' '),
      })),
      link: Object.fromEntries(new URLSearchParams(location.search)),
      notices: [...document.querySelectorAll('#url-notice li')].map((li) => li.textContent),
      text: document.body.innerText,
    };
  });
}

/** Every scheme's row: every round failed, for the reason given. */
function allFailed(reason) {
  return (s, name) => {
    assert.ok(s.rows.length >= 2, `${name}: a row per scheme`);
    for (const r of s.rows) {
      assert.equal(r.failures, r.trials, `${name}: every ${r.scheme} round failed`);
      assert.match(r.text, reason, `${name}: the ${r.scheme} row says why`);
    }
  };
}

/** Every scheme's row: no round failed. */
function noneFailed(s, name) {
  assert.ok(s.rows.length >= 2, `${name}: a row per scheme`);
  for (const r of s.rows) {
    assert.equal(r.failures, 0, `${name}: no ${r.scheme} round failed`);
    assert.ok(Number.isFinite(r.mse), `${name}: ${r.scheme} has an error`);
  }
}

/** A link value refused: the notice line about it, the default used, the key gone from the link. */
function refused(key, line, field, fallback) {
  return (s, name) => {
    assert.deepEqual(s.notices, [line], `${name}: the notice names the value and why`);
    assert.deepEqual(field(s.config), fallback, `${name}: the default is used`);
    assert.equal(s.link[key], undefined, `${name}: the link no longer has ${key}`);
    noneFailed(s, name);
  };
}

/** No notice: the link's values were all used. */
function accepted(check) {
  return (s, name) => {
    assert.deepEqual(s.notices, [], `${name}: no notice`);
    check(s, name);
  };
}

const NO_SERVER = /failed: no server answered/;

// Each case: the link, and what the page must show of it (the state
// computed, the table's rows, the notice).
const CASES = [
  ['every server straggles (p = 1)', '?p=1', accepted((s, name) => {
    assert.deepEqual(s.config.stragglers, { model: 'iid', p: 1 });
    allFailed(NO_SERVER)(s, name);
  })],
  ['every server straggles (S = N)', '?m=fixed&s=40', accepted((s, name) => {
    assert.deepEqual(s.config.stragglers, { model: 'fixed', s: 40 });
    allFailed(NO_SERVER)(s, name);
  })],
  // S > N is allowed: every server straggles, as for S = N.
  ['S > N', '?m=fixed&s=41', accepted((s, name) => {
    assert.deepEqual(s.config.stragglers, { model: 'fixed', s: 41 });
    allFailed(NO_SERVER)(s, name);
  })],
  ['one survivor', '?m=fixed&s=39&tr=30', accepted((s, name) => {
    assert.match(s.text, /from 1 of 40 answers/, `${name}: the round says it decoded from one answer`);
    noneFailed(s, name);
  })],
  ['no straggler (p = 0)', '?p=0&tr=30', accepted((s, name) => {
    assert.deepEqual(s.config.stragglers, { model: 'iid', p: 0 });
    assert.match(s.text, /from 40 of 40 answers/, `${name}: the round says every server answered`);
    noneFailed(s, name);
    // Every server answers every round, so every round has the same error.
    for (const r of s.rows) assert.ok(r.mseStd <= 1e-12 * r.mse, `${name}: ${r.scheme}'s rounds differ (${r.mseStd})`);
  })],
  ['N = K', '?k=12&n=12&tr=30', accepted((s, name) => {
    assert.deepEqual([s.config.k, s.config.n], [12, 12]);
    noneFailed(s, name);
    assert.match(s.text, /N below K = 12 left out: 10/, `${name}: the sweep says which N it left out`);
  })],
  ['K = 1', '?k=1&tr=30', accepted((s, name) => {
    assert.equal(s.config.k, 1);
    noneFailed(s, name);
    // One input: every answer gives f exactly, up to rounding.
    for (const r of s.rows) assert.ok(r.mse < 1e-20, `${name}: ${r.scheme}'s error is ${r.mse}`);
  })],
  ['λ = 0', '?le=0&ld=0&tr=30', accepted((s, name) => {
    assert.deepEqual([s.config.lambda_enc, s.config.lambda_dec], [0, 0]);
    assert.equal(s.link.ld, '0');
    noneFailed(s, name);
  })],
  ['λ = 1e-300', '?le=1e-300&ld=1e-300&tr=30', accepted((s, name) => {
    assert.deepEqual([s.config.lambda_enc, s.config.lambda_dec], [1e-300, 1e-300]);
    noneFailed(s, name);
  })],
  ['λ = 1e300', '?le=1e300&ld=1e300&tr=30', accepted((s, name) => {
    assert.deepEqual([s.config.lambda_enc, s.config.lambda_dec], [1e300, 1e300]);
    noneFailed(s, name);
  })],
  ['LCC below its threshold', '?sc=lcc&fn=cubic&k=4&n=16&p=0.9&tr=30', accepted((s, name) => {
    const lcc = s.rows.find((r) => r.scheme === 'lcc');
    assert.ok(lcc, `${name}: an LCC row`);
    assert.equal(lcc.failures, lcc.trials, `${name}: every LCC round failed`);
    assert.match(lcc.text, /failed: LCC needs 10 answers \(its recovery threshold\) but only \d+ arrived/);
  })],
  ['K > N (impossible)', '?k=50&n=20', refused('k', 'k = “50”: K must be a whole number from 1 to N (now 20; at most 1024); using “10”', (c) => c.k, 10)],
  ['N over the limit', '?n=100000', refused('n', 'n = “100000”: N must be a whole number from 1 to 8192; using “40”', (c) => c.n, 40)],
  ['trials over the limit', '?tr=99999', refused('tr', 'tr = “99999”: The number of trials must be a whole number from 1 to 10000; using “100”', (c) => c.trials, 100)],
  ['λ over the limit', '?ld=1e301', refused('ld', 'ld = “1e301”: λ_dec must be a number from 0 to 1e300, or automatic; using “gcv”', (c) => c.lambda_dec, 'gcv')],
  ['p over 1', '?p=1.5', refused('p', 'p = “1.5”: p must be a number from 0 to 1; using “0.2”', (c) => c.stragglers, { model: 'iid', p: 0.2 })],
  ['p NaN', '?p=NaN', refused('p', 'p = “NaN”: p must be a number from 0 to 1; using “0.2”', (c) => c.stragglers, { model: 'iid', p: 0.2 })],
];

test('named edge cases: a drawn page, what happened shown, no NaN', T, async () => {
  await withPage('limits-edge-cases', DESKTOP, async (page) => {
    for (const [name, query, check] of CASES) {
      await openApp(page, server.appUrl + query);
      await assertSane(page, name);
      check(await shownState(page), name);
    }
  });
});

/** What shows the computed state: the link, the table's data, the plots' pixels, the count of computations. */
async function computedState(page) {
  return {
    link: await page.evaluate(() => location.search),
    shared: await page.locator('#share-link').inputValue(),
    table: await page.evaluate(() =>
      [...document.querySelectorAll('#results, #results [data-scheme]')].map((el) => JSON.stringify(el.dataset)).join('\n'),
    ),
    plots: await Promise.all(CANVASES.map((c) => canvasSnapshot(page, c))),
    runs: await runs(page),
  };
}

/** The texts of the field errors shown, by control. */
function fieldErrors(page) {
  return page.evaluate(() =>
    Object.fromEntries(
      [...document.querySelectorAll('.field-error')].filter((e) => e.textContent.trim() !== '').map((e) => [e.id, e.textContent]),
    ),
  );
}

test('impossible values typed into a control: its message next to it, the last valid state stays, a fix recovers', T, async () => {
  await withPage('limits-typed', DESKTOP, async (page) => {
    await openApp(page, server.appUrl);
    // Each: the control, its link key, the bad value, the message under it, a good value.
    for (const [id, key, bad, message, good] of [
      ['k', 'k', '99', 'K must be a whole number from 1 to N (now 40; at most 1024).', '12'],
      ['n', 'n', '0', 'N must be a whole number from 1 to 8192.', '50'],
      ['n', 'n', '9000', 'N must be a whole number from 1 to 8192.', '60'],
      ['trials', 'tr', '10001', 'The number of trials must be a whole number from 1 to 10000.', '30'],
      ['p', 'p', '1.01', 'p must be a number from 0 to 1.', '0.3'],
      ['lambda-enc', 'le', '-1', 'λ_enc must be a number from 0 to 1e300.', '1e-6'],
    ]) {
      const what = `${id} = ${bad}`;
      const last = await computedState(page);
      await page.fill(`#${id}`, bad);
      await page.waitForFunction((sel) => document.querySelector(sel).closest('.control').classList.contains('invalid'), `#${id}`);
      assert.deepEqual(await fieldErrors(page), { [`${id}-error`]: message }, `${what}: its message, under it only`);
      const status = page.locator('#status');
      assert.equal(await status.getAttribute('data-waiting'), 'invalid', what);
      assert.match(await status.textContent(), /^A value is waiting to be fixed .*the plots show the last valid settings\.$/, what);
      // Longer than the pause after typing: nothing is computed, and the
      // link, the table and the plots keep the last valid state.
      await page.waitForTimeout(1_500);
      assert.deepEqual(await computedState(page), last, `${what}: the last valid state stays`);
      await assertSane(page, what);
      // Fixing the value computes it, and clears the message.
      await andWait(page, () => page.fill(`#${id}`, good));
      assert.deepEqual(await fieldErrors(page), {}, `${what}: the message is gone once fixed`);
      assert.equal(await status.getAttribute('data-waiting'), 'none', what);
      assert.equal(await linkValue(page, key), good, `${what}: the link has the fixed value`);
      assert.equal(await page.locator('#share-link').inputValue(), page.url(), `${what}: Copy link gives it`);
      assert.notDeepEqual((await computedState(page)).table, last.table, `${what}: the table shows the fixed value`);
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
    await page.waitForFunction(() => document.querySelector('#status')?.dataset.state === 'idle', null, { timeout: 10_000 });
    // A smaller setting computes normally afterwards.
    await page.fill('#trials', '20');
    await page.waitForFunction(() => document.querySelector('#results tbody tr') !== null, null, { timeout: 120_000 });
    await assertSane(page, 'after the largest setting');
  });
});
