// End-to-end tests of the Web Worker (crates/coded-worker, src/runner.rs):
// the page stays responsive during a LeNet-5 sweep, partial curves appear
// while it runs, Cancel stops it, a new setting restarts it, the table of
// plotted values waits for the sweep's end while it is closed, and nothing
// is logged as an error. No wall-clock time is asserted: "responsive" means a
// click was handled while the sweep was still running (it could not be, if
// the sweep ran on the page's thread).
//
// Run: trunk build --release && node --test tests/e2e/worker.test.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serveDuringTests, withPage, openApp, andWait, canvasSnapshot } from './harness.mjs';

const server = serveDuringTests();

const T = { timeout: 180_000 };
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

/** Opens the app with a long LeNet-5 sweep (100 trials, N up to 512) started. */
async function startLongSweep(page) {
  await openApp(page, server.appUrl);
  await andWait(page, () => page.fill('#sweep-ns', LONG_NS));
  await page.fill('#trials', '100');
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
    // The sweep goes on (a new round does not restart it) and completes.
    await waitSweep(page, (s) => s.state === 'done');
    const end = await sweep(page);
    assert.equal(end.done, end.total);
    await page.waitForFunction(() => document.querySelector('#status').dataset.state === 'idle');
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
    await page.waitForFunction(() => document.querySelector('#status').dataset.state === 'idle');
    assert.match(await page.locator('#sweep-progress').textContent(), /Cancelled after \d+ of 24 points/);
    assert.ok(await page.locator('#cancel-sweep').isHidden());
    // A change starts it again ...
    await page.fill('#sweep-ps', '0.1, 0.2, 0.3');
    await waitSweep(page, (s) => s.state === 'running' && s.total === 36);
    // ... and a change while it runs restarts it with the new plan.
    await page.fill('#sweep-ps', '0.2');
    await waitSweep(page, (s) => s.total === 12);
    await waitSweep(page, (s) => s.state === 'done' && s.done === 12);
    await page.waitForFunction(() => document.querySelector('#status').dataset.state === 'idle');
    assert.equal(await page.locator('#panic-box').count(), 0);
  });
});

test('the table of plotted values: closed, it keeps the last finished sweep; opened, it follows the running one', T, async () => {
  await withPage('worker-values-table', {}, async (page) => {
    const rows = () =>
      page.evaluate(() => [...document.querySelectorAll('#errors-data tbody tr')].map((tr) => tr.textContent));
    await openApp(page, `${server.appUrl}?tr=20`);
    const settled = await rows();
    assert.ok(settled.length > 0 && settled.every((r) => r.includes('of 20')), settled.join('\n'));
    // A sweep long enough to look at while it runs (5 000 trials a point).
    await page.fill('#trials', '5000');
    await page.press('#trials', 'Enter');
    await waitSweep(page, (s) => s.state === 'running' && s.done >= 1 && s.done < s.total);
    assert.deepEqual(await rows(), settled, 'closed, the table is not rebuilt for partial curves');
    // Opened, it shows the partial curves at once.
    await page.click('#errors-details summary');
    await page.waitForFunction(() =>
      [...document.querySelectorAll('#errors-data tbody tr')].some((tr) => tr.textContent.includes('of 5000')),
    );
    const live = await sweep(page);
    assert.equal(live.state, 'running', 'the partial values were shown while the sweep ran');
    // Finished: every value is the new sweep's.
    await waitSweep(page, (s) => s.state === 'done');
    await page.waitForFunction(() => document.querySelector('#status').dataset.state === 'idle');
    const done = await rows();
    assert.equal(done.length, settled.length);
    assert.ok(done.every((r) => r.includes('of 5000')), done.join('\n'));
  });
});
