// End-to-end tests of the Web Worker (crates/coded-worker, src/runner.rs):
// the page stays responsive during a LeNet-5 sweep, partial curves appear
// while it runs, Cancel stops it, a new setting restarts it, the table of
// plotted values waits for the sweep's end while it is closed, and nothing
// is logged as an error. No wall-clock time is asserted: "responsive" means a
// click was handled while the sweep was still running (it could not be, if
// the sweep ran on the page's thread).
//
// No test races the sweep: a sweep that must still be running when a test
// looks is large by construction (LeNet-5 at the most trials, 10 000, whose
// remaining points are minutes of work on any machine), and is ended by
// Cancel or by a change to a small one, never awaited.
//
// Run: trunk build --release && node --test tests/e2e/worker.test.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { testFile, withPage, openApp, andWait, canvasSnapshot } from './harness.mjs';

const { server, T } = testFile({ timeout: 180_000 });
const ERRORS = 'canvas#errors-plot';
const LONG_NS = '16, 32, 64, 128, 256, 512';

/** The sweep's state and counts, from the progress element's data-*. */
function sweep(page) {
  return page.evaluate(() => {
    const el = document.querySelector('#sweep-progress');
    return el
      ? { state: el.dataset.state, done: Number(el.dataset.done), total: Number(el.dataset.total) }
      : null;
  });
}

/** Waits for the sweep's progress element to satisfy `pred`. */
async function waitSweep(page, pred, arg, timeout = 120_000) {
  // The predicate runs here in Node, on the state read from the page: the
  // page's CSP forbids compiling code from a string in it (no 'unsafe-eval').
  const deadline = Date.now() + timeout;
  for (;;) {
    const s = await sweep(page);
    if (s && pred(s, arg)) return s;
    if (Date.now() > deadline) throw new Error(`waitSweep: timed out; last state ${JSON.stringify(s)}`);
    await new Promise((ok) => setTimeout(ok, 50));
  }
}

/** Opens the app with a LeNet-5 sweep of 10 000 trials a point, N up to
 * 512, started: its last points alone decode 10 000 trials at N = 512 for
 * each scheme, so it is still running when a test looks. */
async function startLongSweep(page) {
  await openApp(page, server.appUrl);
  await andWait(page, () => page.fill('#sweep-ns', LONG_NS));
  await page.fill('#trials', '10000');
  await page.selectOption('#function', 'lenet5');
  await waitSweep(page, (s, total) => s.state === 'running' && s.total === total, 24);
}

test('a click is handled while a LeNet-5 sweep runs, and partial curves appear', T, async () => {
  await withPage('worker-responsive', {}, async (page) => {
    await startLongSweep(page);
    // Partial curves: drawn while the sweep is still running.
    const blank = await canvasSnapshot(page, ERRORS);
    await waitSweep(page, (s) => s.state === 'running' && s.done >= 4 && s.done < s.total);
    await page.waitForFunction(
      ([sel, before]) => document.querySelector(sel).toDataURL() !== before,
      [ERRORS, blank],
    );
    const partial = await sweep(page);
    assert.equal(partial.state, 'running', 'the curves were drawn before the sweep ended');
    // A click, recorded when its handler runs (capture phase, before the app's).
    await page.evaluate(() => {
      window.__clicks = [];
      document.addEventListener(
        'click',
        () => {
          const el = document.querySelector('#sweep-progress');
          window.__clicks.push({ state: el.dataset.state, done: Number(el.dataset.done), total: Number(el.dataset.total) });
        },
        true,
      );
    });
    const trial = await page.locator('#trial').inputValue();
    await page.click('#step-forward');
    await page.waitForFunction((t) => document.querySelector('#trial').value !== t, trial);
    const [seen] = await page.evaluate(() => window.__clicks);
    assert.equal(seen.state, 'running', 'the click was handled during the sweep');
    assert.ok(seen.done < seen.total, JSON.stringify(seen));
    // The sweep goes on: a new round does not restart it (its count only
    // grows, its plan is the same) ...
    const later = await waitSweep(page, (s, before) => s.done > before.done, seen);
    assert.equal(later.total, seen.total);
    // ... and a change to a small sweep replaces it, which completes.
    await page.fill('#trials', '20');
    await page.press('#trials', 'Enter');
    await waitSweep(page, (s) => s.state === 'done' && s.done === s.total);
    await page.waitForFunction(() => document.querySelector('#status')?.dataset.state === 'idle');
    assert.match(await page.locator('#sweep-progress').textContent(), /points? in \d+\u00a0ms/);
  });
});

test('Cancel stops a running sweep; changing a setting restarts it', T, async () => {
  await withPage('worker-cancel', {}, async (page) => {
    await startLongSweep(page);
    await waitSweep(page, (s) => s.state === 'running' && s.done >= 1);
    assert.match(await page.locator('#sweep-progress').textContent(), /of 24 points, \d+\u00a0% of the work, (about|under|estimating)/);
    await page.click('#cancel-sweep');
    await waitSweep(page, (s) => s.state === 'cancelled');
    const stopped = await sweep(page);
    assert.ok(stopped.done < stopped.total, JSON.stringify(stopped));
    await page.waitForFunction(() => document.querySelector('#status')?.dataset.state === 'idle');
    assert.match(await page.locator('#sweep-progress').textContent(), /Cancelled after \d+ of 24 points/);
    assert.ok(await page.locator('#cancel-sweep').isHidden());
    // A change starts it again ...
    await page.fill('#sweep-ps', '0.1, 0.2, 0.3');
    await waitSweep(page, (s) => s.state === 'running' && s.total === 36);
    // ... and changes while it runs restart it with the new plan (a small
    // one, awaited to its end).
    await page.fill('#trials', '20');
    await page.press('#trials', 'Enter');
    await page.fill('#sweep-ps', '0.2');
    await waitSweep(page, (s) => s.total === 12);
    await waitSweep(page, (s) => s.state === 'done' && s.done === 12);
    await page.waitForFunction(() => document.querySelector('#status')?.dataset.state === 'idle');
    assert.equal(await page.locator('#panic-box').count(), 0);
  });
});

test('the table of plotted values: closed, it keeps the last finished sweep; opened, it follows the running one', T, async () => {
  await withPage('worker-values-table', {}, async (page) => {
    const rows = () =>
      page.evaluate(() => [...document.querySelectorAll('#errors-data tbody tr')].map((tr) => tr.textContent));
    // N up to 8192: at 10 000 trials below, one LeTCC point alone fits a
    // spline by GCV 10 000 times at 8192 servers, so that sweep is still
    // running when the test looks, by construction.
    await openApp(page, `${server.appUrl}?tr=20&ns=10,20,40,80,4096,8192`);
    const settled = await rows();
    assert.ok(settled.length > 0 && settled.every((r) => r.includes('of 20')), settled.join('\n'));
    await page.fill('#trials', '10000');
    await page.press('#trials', 'Enter');
    await waitSweep(page, (s) => s.state === 'running' && s.done >= 1 && s.done < s.total);
    assert.deepEqual(await rows(), settled, 'closed, the table is not rebuilt for partial curves');
    // Opened, it shows the partial curves at once.
    await page.click('#errors-details summary');
    await page.waitForFunction(() =>
      [...document.querySelectorAll('#errors-data tbody tr')].some((tr) => tr.textContent.includes('of 10000')),
    );
    const live = await sweep(page);
    assert.equal(live.state, 'running', 'the partial values were shown while the sweep ran');
    // A small sweep replaces it; finished, every value is that sweep's.
    await page.fill('#trials', '30');
    await page.press('#trials', 'Enter');
    await waitSweep(page, (s) => s.state === 'done' && s.done === s.total);
    await page.waitForFunction(() => document.querySelector('#status')?.dataset.state === 'idle');
    const done = await rows();
    assert.ok(done.length > 0, 'the table has rows');
    assert.ok(done.every((r) => r.includes('of 30')), done.join('\n'));
  });
});
