// The worker pool's speed-up in headless Chromium: the default x·sin x
// error-vs-N sweep (N 20 … 1280 doubling, 200 trials, BACC + LeTCC, p 0.1
// and 0.3), a LeNet-5 sweep and the first with ApproxIFER added, for W = 1,
// 2 and 4 workers; the page's own
// work during the default sweep at W = 2 (a trace: the page thread's CPU
// time and frames per sweep, and the workers' CPU time); and one LeNet-5
// round at N = 256 (the worker's round stage, data-round-ms). Prints
// markdown tables; asserts nothing. Each sweep time is the worker's own
// (the status line's data-curves-ms), the median and the best of $SEEDS
// (default 5) new seeds (a new seed encodes and evaluates f anew).
//
//   node tests/bench/pool.bench.mjs                       times dist/ (or $DIST)
//   node tests/bench/pool.bench.mjs before=/a/dist after=dist
//   ONLY=round node tests/bench/pool.bench.mjs ...       (ONLY=sweeps, ONLY=page: one part)
//
// With several builds, they are timed in the same run and interleaved (each
// cell runs every build in turn before the next cell), so a busy machine
// slows them alike: the before/after comparison the performance notes use.
//
// The bench waits for a sweep by polling every 100 ms (`waitIdle`'s
// `polling`), not at every frame as the tests' `andWait` does: a
// requestAnimationFrame loop would make the page draw frames a person's
// page does not, on the cores the workers need.

import { resolve } from 'node:path';
import { DIST, FIXTURES, startServer, withPage, openApp, runs, waitIdle } from '../e2e/harness.mjs';

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const SEEDS = Array.from({ length: Number(process.env.SEEDS ?? 5) }, (_, i) => 11 + i);

/** Types `seed` into the seed field and waits until the app is idle again. */
async function newSeed(page, seed) {
  const before = await runs(page);
  await page.fill('#seed', String(seed));
  await page.press('#seed', 'Enter');
  await waitIdle(page, before, { timeout: 60_000, polling: 100 });
}

/**
 * The page's work over `action`, from a Chromium trace: CPU ms of the
 * page's thread, of the workers (all dedicated-worker threads) and of the
 * compositor, raster and GPU-process threads, and the frames committed.
 */
async function pageCost(page, action) {
  const cdp = await page.context().newCDPSession(page);
  const events = [];
  cdp.on('Tracing.dataCollected', (e) => events.push(...e.value));
  const complete = new Promise((ok) => cdp.once('Tracing.tracingComplete', ok));
  await cdp.send('Tracing.start', {
    categories: 'devtools.timeline,disabled-by-default-devtools.timeline',
    transferMode: 'ReportEvents',
  });
  await action();
  await cdp.send('Tracing.end');
  await complete;
  await cdp.detach();
  const names = new Map();
  for (const e of events) if (e.name === 'thread_name') names.set(`${e.pid}:${e.tid}`, e.args.name);
  // Thread CPU time of the outermost complete events of each thread.
  const cpu = { page: 0, workers: 0, rendering: 0, frames: 0 };
  const ends = new Map();
  for (const e of events.filter((e) => e.ph === 'X').sort((a, b) => a.ts - b.ts)) {
    const thread = `${e.pid}:${e.tid}`;
    const name = names.get(thread) ?? '';
    if (name === 'CrRendererMain' && e.name === 'Commit') cpu.frames += 1;
    if ((ends.get(thread) ?? -1) > e.ts) continue; // nested in one counted already
    ends.set(thread, e.ts + e.dur);
    const ms = (e.tdur ?? 0) / 1000;
    if (name === 'CrRendererMain') cpu.page += ms;
    else if (name.startsWith('DedicatedWorker')) cpu.workers += ms;
    else if (/Compositor|ThreadPoolForegroundWorker|VizCompositor/.test(name)) cpu.rendering += ms;
  }
  return cpu;
}

const SWEEPS = [
  ['x·sin x, N 20 … 1280, 200 trials', 'ns=20,40,80,160,320,640,1280&tr=200'],
  ['LeNet-5, N 16 … 512, 100 trials, K = 10', 'fn=lenet5&ns=16,32,64,128,256,512&tr=100'],
  // The first with ApproxIFER added (issue 43's speed bar: within 2× of it).
  ['x·sin x + ApproxIFER, N 20 … 1280, 200 trials', 'ns=20,40,80,160,320,640,1280&tr=200&cmp=bacc,letcc,approxifer'],
];
// WS=1,2 and SWEEP=0 (an index of SWEEPS) narrow a run to what is compared.
const POOLS = (process.env.WS ?? '1,2,4').split(',').map(Number);
const SWEEPS_RUN = process.env.SWEEP === undefined ? SWEEPS : [SWEEPS[Number(process.env.SWEEP)]];

const builds = process.argv.slice(2).map((arg) => {
  const at = arg.indexOf('=');
  if (at < 1) throw new Error(`expected label=dist-folder, got ${arg}`);
  return { label: arg.slice(0, at), dir: resolve(arg.slice(at + 1)) };
});
if (builds.length === 0) builds.push({ label: 'this build', dir: DIST });
const roots = { '/fixtures/': FIXTURES };
builds.forEach((b, i) => {
  b.prefix = `/build${i}/`;
  roots[b.prefix] = b.dir;
});

const server = await startServer({ roots });
const sweeps = new Map(); // `${sweep}|${label}` -> [time per W]
const rounds = new Map(); // label -> median round time
const costs = new Map(); // label -> the page's work per sweep
const only = process.env.ONLY ?? '';
try {
  for (const [what, query] of only === '' || only === 'sweeps' ? SWEEPS_RUN : []) {
    for (const w of POOLS) {
      for (const b of builds) {
        await withPage(`bench-pool-${w}`, {}, async (page) => {
          // Only the error plot: the table and the round are not timed.
          await openApp(page, `${server.origin}${b.prefix}?v=1&${query}&w=${w}`);
          const times = [];
          for (const seed of SEEDS) {
            await newSeed(page, seed);
            times.push(Number(await page.locator('#status').getAttribute('data-curves-ms')));
          }
          const key = `${what}|${b.label}`;
          sweeps.set(key, [...(sweeps.get(key) ?? []), [median(times), Math.min(...times)]]);
          console.error(`${what}, ${b.label}, W = ${w}: ${times.map(Math.round).join(', ')} ms`);
        });
      }
    }
  }
  // The page's work during the default sweep at W = 2, per sweep.
  for (const b of only === '' || only === 'page' ? builds : []) {
    await withPage('bench-pool-page', {}, async (page) => {
      await openApp(page, `${server.origin}${b.prefix}?v=1&${SWEEPS[0][1]}&w=2`);
      const cost = await pageCost(page, async () => {
        for (const seed of SEEDS) await newSeed(page, seed);
      });
      for (const k of Object.keys(cost)) cost[k] /= SEEDS.length;
      costs.set(b.label, cost);
      console.error(`page work, ${b.label}: ${JSON.stringify(cost)}`);
    });
  }
  // One LeNet-5 round at N = 256, K = 10: a new seed draws new inputs, so
  // each round runs the CNN anew; median of 7 after one warm-up.
  for (const b of only === '' || only === 'round' ? builds : []) {
    await withPage('bench-lenet-round', {}, async (page) => {
      await openApp(page, `${server.origin}${b.prefix}?fn=lenet5&n=256&k=10&panels=stragglers,digits`);
      const times = [];
      for (let seed = 2; seed <= 9; seed++) {
        await newSeed(page, seed);
        times.push(Number(await page.locator('#status').getAttribute('data-round-ms')));
      }
      rounds.set(b.label, median(times.slice(1)));
      console.error(`LeNet-5 round, ${b.label}: ${times.map(Math.round).join(', ')} ms`);
    });
  }
} finally {
  await server.close();
}
const ms = (t) => `${Math.round(t)} ms`;
if (sweeps.size > 0) {
  const pools = POOLS.map((w) => `W = ${w}`).join(' | ');
  console.log(`| sweep (Chromium, worker time, median (best) of ${SEEDS.length} seeds) | build | ${pools} | W = 1 / W = 2 (medians) |`);
  console.log(`| --- | --- | ${POOLS.map(() => '---').join(' | ')} | --- |`);
  for (const [what] of SWEEPS_RUN) {
    for (const b of builds) {
      const cells = sweeps.get(`${what}|${b.label}`);
      const shown = cells.map(([mid, best]) => `${ms(mid)} (${ms(best)})`);
      console.log(`| ${what} | ${b.label} | ${shown.join(' | ')} | ${cells.length > 1 ? `${(cells[0][0] / cells[1][0]).toFixed(2)}×` : ''} |`);
    }
  }
  console.log('');
}
if (costs.size > 0) {
  console.log(`| the default sweep at W = 2, per sweep (trace, thread CPU time, ${SEEDS.length} seeds) | page thread | frames | workers | compositor and raster |`);
  console.log('| --- | --- | --- | --- | --- |');
  for (const [label, c] of costs) {
    console.log(`| ${label} | ${ms(c.page)} | ${c.frames.toFixed(1)} | ${ms(c.workers)} | ${ms(c.rendering)} |`);
  }
  console.log('');
}
if (rounds.size > 0) {
  console.log('| one LeNet-5 round, N = 256, K = 10 (data-round-ms, median of 7) | time |');
  console.log('| --- | --- |');
  for (const b of builds.filter((b) => rounds.has(b.label))) console.log(`| ${b.label} | ${ms(rounds.get(b.label))} |`);
}
