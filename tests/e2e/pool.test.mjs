// End-to-end tests of the worker pool (crates/coded-worker, coded-engine's
// trial ranges): the leading worker starts W - 1 helpers, the plotted values are
// the same for every W, and a helper that fails in the middle of a sweep is
// reported in the page and replaced while the sweep finishes with the same
// numbers. Values are compared bit for bit (the Curves CSV export). (The results table against `coded sweep` for W = 1, 2 and 4 is in
// playground.test.mjs.) No wall-clock time is asserted.
//
// Run: trunk build --release && node --test tests/e2e/pool.test.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  testFile, withPage, openApp, andWait, typeKeys, waitIdle, runs, noNaN, startServer, APP_PATH, DIST,
  canvasHasPixels, MAIN_CANVAS, LENET_FILES,
} from './harness.mjs';

const { server, T } = testFile({ timeout: 240_000 });

/** The leading worker (the page starts only that one). */
async function leader(page) {
  for (let i = 0; i < 200; i++) {
    const w = page.workers().find((x) => x.url().endsWith('worker_loader.js'));
    if (w) return w;
    await new Promise((ok) => setTimeout(ok, 50));
  }
  throw new Error('no worker');
}

/** The number of helpers the leading worker runs, once it is `n`. */
async function helpersBecome(page, n) {
  const w = await leader(page);
  for (let i = 0; i < 400; i++) {
    const count = await w.evaluate(() => (self.codedHelpers ? self.codedHelpers.length : 0));
    if (count === n) return;
    await new Promise((ok) => setTimeout(ok, 50));
  }
  throw new Error(`the pool never had ${n} helpers`);
}

/**
 * The plotted values at full precision: the rows of the "Curves (CSV)"
 * export (Rust's shortest text that reads back to the same f64, so equal
 * text is equal bits), without its comment lines. The data table under the
 * plot rounds to 4 significant digits, too coarse to compare runs.
 */
async function plotted(page) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#export-curves-csv')]);
  const text = await readFile(await download.path(), 'utf8');
  const rows = text.split('\n').filter((l) => l !== '' && !l.startsWith('#'));
  assert.ok(rows.filter((l) => l.startsWith('curve,')).length >= 10, `the curves were exported:\n${text}`);
  return rows.join('\n');
}

/** The sweep's state and counts. */
function sweep(page) {
  return page.evaluate(() => {
    const el = document.querySelector('#sweep-progress');
    return { state: el.dataset.state, done: Number(el.dataset.done), total: Number(el.dataset.total) };
  });
}

async function waitSweep(page, pred, timeout = 180_000) {
  const deadline = Date.now() + timeout;
  for (;;) {
    const s = await sweep(page);
    if (pred(s)) return s;
    if (Date.now() > deadline) throw new Error(`timed out; last ${JSON.stringify(s)}`);
    await new Promise((ok) => setTimeout(ok, 50));
  }
}

/** A LeNet-5 sweep long enough to fail a helper in its middle. */
const SWEEP = '?v=1&fn=lenet5&tr=60&ns=16,32,64,128,256';

test('a pool of any size downloads the worker\'s code once', T, async () => {
  await withPage('pool-one-download', {}, async (page) => {
    for (const w of [1, 2, 4]) {
      server.forgetRequests();
      await openApp(page, `${server.appUrl}?v=1&w=${w}`);
      await helpersBecome(page, w - 1);
      // A sweep shared out over the pool ...
      const before = await runs(page);
      await andWait(page, () => typeKeys(page, 'trials', ['9', '9']));
      assert.ok((await runs(page)) > before);
      // ... by helpers started from the module the leading worker
      // compiled: the wasm was fetched once, by the leading worker.
      assert.equal(server.requestsOf('worker_bg.wasm'), 1, `W = ${w}: the worker's wasm is downloaded once`);
      assert.equal(server.requestsOf('worker_loader.js'), w, `W = ${w}: one loader per worker`);
    }
  });
});

// LeNet-5's weights and digits are not in the worker's wasm
// (crates/coded-core/src/lenet/files.rs): a worker fetches them the first
// time it computes LeNet-5. A view without LeNet-5 never fetches them.
test('LeNet-5\'s files are fetched only once a view computes LeNet-5, by each worker at most once', T, async () => {
  await withPage('pool-lenet-files', {}, async (page) => {
    for (const w of [1, 2]) {
      server.forgetRequests();
      await openApp(page, `${server.appUrl}?v=1&w=${w}`);
      await helpersBecome(page, w - 1);
      for (const f of LENET_FILES) assert.equal(server.requestsOf(f), 0, `W = ${w}: the default view fetches no ${f}`);
      // A person picks LeNet-5: the sweep and the round compute with it.
      await andWait(page, () => page.selectOption('#function', 'lenet5'));
      await waitSweep(page, (s) => s.state === 'done');
      for (const f of LENET_FILES) {
        const n = server.requestsOf(f);
        assert.ok(n >= 1 && n <= w, `W = ${w}: ${f} fetched ${n} times`);
      }
      assert.match(await page.locator('#panel-table').innerText(), /accuracy/i);
      await noNaN(page);
    }
  });
});

test('a host without LeNet-5\'s weights: its views say so in words, the other functions still compute', T, async () => {
  // The app's files but the weights, as a host that lost one file would serve them.
  const dir = await mkdtemp(join(tmpdir(), 'coded-no-weights-'));
  for (const f of await readdir(DIST)) if (f !== 'lenet5.bin') await symlink(join(DIST, f), join(dir, f));
  const host = await startServer({ roots: { [APP_PATH]: dir } });
  try {
    const errors = await withPage('pool-lenet-missing', { expectErrors: true }, async (page) => {
      await openApp(page, `${host.appUrl}?v=1&fn=lenet5`);
      const digits = page.locator('#panel-digits');
      await digits.getByText(/LeNet-5's files could not be loaded/).waitFor();
      assert.match(await digits.innerText(), /the server answered 404 Not Found for lenet5\.bin/);
      await noNaN(page);
      await andWait(page, () => page.selectOption('#function', 'x_sin_x'));
      assert.ok(await canvasHasPixels(page, MAIN_CANVAS, { min: 1000 }));
      assert.doesNotMatch(await page.locator('main').innerText(), /could not be loaded/);
    });
    // The browser's own report of the missing file, and nothing else.
    assert.ok(errors.length >= 1 && errors.every((e) => /^HTTP 404: .*\/lenet5\.bin$/.test(e)), errors.join('\n'));
  } finally {
    await host.close();
    await rm(dir, { recursive: true });
  }
});

test('every pool size plots the same values; the Workers field is typed', T, async () => {
  await withPage('pool-sizes', {}, async (page) => {
    const values = {};
    for (const w of [1, 2, 4]) {
      await openApp(page, `${server.appUrl}${SWEEP}&w=${w}`);
      await helpersBecome(page, w - 1);
      values[w] = await plotted(page);
    }
    assert.equal(values[2], values[1], 'W = 2 plots what W = 1 plots');
    assert.equal(values[4], values[1], 'W = 4 plots what W = 1 plots');
    // Typed, key by key: 3 workers, then a value out of range is refused in words.
    const before = await runs(page);
    await typeKeys(page, 'workers', ['3']);
    await waitIdle(page, before);
    await helpersBecome(page, 2);
    assert.equal(await plotted(page), values[1]);
    await typeKeys(page, 'workers', ['9']);
    await page.locator('#workers-error').waitFor();
    assert.match(await page.locator('#workers-error').textContent(), /from 1 to 8/);
    await noNaN(page);
  });
});

/** The LeNet-5 sweep the fault test interrupts. */
const LONG_SWEEP = '?v=1&fn=lenet5&ns=16,32,64,128,256,512';

test('a helper that fails mid-sweep is reported and replaced; the numbers do not change', T, async () => {
  await withPage('pool-fault', {}, async (page) => {
    // The references: one worker, nothing interrupted, at 300 and 301 trials.
    const reference = {};
    for (const tr of [300, 301]) {
      await openApp(page, `${server.appUrl}${LONG_SWEEP}&tr=${tr}&w=1`);
      reference[tr] = await plotted(page);
    }
    assert.notEqual(reference[301], reference[300], 'one more trial changes the values');
    await openApp(page, `${server.appUrl}${LONG_SWEEP}&tr=300&w=4`);
    await helpersBecome(page, 3);
    // Helper 2 hangs: what the leader posts to it is lost from now on, so
    // the ranges it is given are never done and the sweep cannot end
    // without it. No race: the sweep is in its middle until the test says.
    const w = await leader(page);
    await w.evaluate(() => {
      const victim = self.codedHelpers[1];
      self.codedVictim = victim;
      victim.postMessage = () => {};
    });
    // A new seed and back would re-use the cache; a new trial count runs
    // the whole sweep again (no point is cached) ...
    await typeKeys(page, 'trials', ['3', '0', '1']);
    await waitSweep(page, (s) => s.state === 'running' && s.done >= 1 && s.done < s.total);
    // ... and in its middle helper 2 fails: the browser stops it and fires
    // `error` at its Worker object, as when a worker's wasm traps or runs
    // out of memory.
    await w.evaluate(() => {
      const victim = self.codedVictim;
      victim.terminate();
      victim.dispatchEvent(new ErrorEvent('error', { message: 'killed by the test' }));
    });
    const notice = page.locator('#worker-lost');
    await notice.waitFor({ state: 'visible' });
    assert.equal(
      await notice.textContent(),
      'Worker 3 of 4 stopped (killed by the test); the others ran its trials again, and a new worker takes its place.',
    );
    await waitSweep(page, (s) => s.state === 'done');
    await page.waitForFunction(() => document.querySelector('#status')?.dataset.state === 'idle');
    // The interrupted run gives, bit for bit, what one worker gave uninterrupted.
    assert.equal(await plotted(page), reference[301], 'the interrupted sweep equals the uninterrupted one');
    // Replaced: three helpers again, the failed one not among them.
    await helpersBecome(page, 3);
    assert.equal(await w.evaluate(() => self.codedHelpers.includes(self.codedVictim)), false);
    // Back to 300 (cached answers): the values equal W = 1's.
    await andWait(page, () => typeKeys(page, 'trials', ['3', '0', '0']));
    assert.equal(await plotted(page), reference[300]);
    assert.equal(await page.locator('#panic-box').count(), 0);
    await noNaN(page);
  });
});
