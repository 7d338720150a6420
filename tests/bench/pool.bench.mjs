// The worker pool's speed-up in headless Chromium: the default x·sin x
// error-vs-N sweep (N 20 … 1280 doubling, 200 trials, BACC + LeTCC, p 0.1
// and 0.3) and a LeNet-5 sweep, for W = 1, 2 and 4 workers, and one LeNet-5
// round at N = 256 (the worker's round stage, data-round-ms). Prints markdown
// tables; asserts nothing. Each sweep time is the worker's own (the status
// line's data-curves-ms), the median of three new seeds (a new seed encodes
// and evaluates f anew).
//
//   node tests/bench/pool.bench.mjs                       times dist/ (or $DIST)
//   node tests/bench/pool.bench.mjs before=/a/dist after=dist
//   ONLY=round node tests/bench/pool.bench.mjs ...       (ONLY=sweeps: the other part)
//
// With several builds, they are timed in the same run and interleaved (each
// cell runs every build in turn before the next cell), so a busy machine
// slows them alike: the before/after comparison the performance notes use.

import { resolve } from 'node:path';
import { DIST, FIXTURES, startServer, withPage, openApp, andWait } from '../e2e/harness.mjs';

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const SWEEPS = [
  ['x·sin x, N 20 … 1280, 200 trials', 'ns=20,40,80,160,320,640,1280&tr=200'],
  ['LeNet-5, N 16 … 512, 100 trials, K = 10', 'fn=lenet5&ns=16,32,64,128,256,512&tr=100'],
];
const POOLS = [1, 2, 4];

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
const only = process.env.ONLY ?? '';
try {
  for (const [what, query] of only === 'round' ? [] : SWEEPS) {
    for (const w of POOLS) {
      for (const b of builds) {
        await withPage(`bench-pool-${w}`, {}, async (page) => {
          // Only the error plot: the table and the round are not timed.
          await openApp(page, `${server.origin}${b.prefix}?v=1&${query}&w=${w}`);
          const times = [];
          for (const seed of [11, 12, 13]) {
            await andWait(page, async () => {
              await page.fill('#seed', String(seed));
              await page.press('#seed', 'Enter');
            });
            times.push(Number(await page.locator('#status').getAttribute('data-curves-ms')));
          }
          const key = `${what}|${b.label}`;
          sweeps.set(key, [...(sweeps.get(key) ?? []), median(times)]);
          console.error(`${what}, ${b.label}, W = ${w}: ${times.map(Math.round).join(', ')} ms`);
        });
      }
    }
  }
  // One LeNet-5 round at N = 256, K = 10: a new seed draws new inputs, so
  // each round runs the CNN anew; median of 7 after one warm-up.
  for (const b of only === 'sweeps' ? [] : builds) {
    await withPage('bench-lenet-round', {}, async (page) => {
      await openApp(page, `${server.origin}${b.prefix}?fn=lenet5&n=256&k=10&panels=stragglers,digits`);
      const times = [];
      for (let seed = 2; seed <= 9; seed++) {
        await andWait(page, async () => {
          await page.fill('#seed', String(seed));
          await page.press('#seed', 'Enter');
        });
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
console.log('| sweep (Chromium, worker time, median of 3 seeds) | build | W = 1 | W = 2 | W = 4 | W = 1 / W = 2 |');
console.log('| --- | --- | --- | --- | --- | --- |');
for (const [what] of only === 'round' ? [] : SWEEPS) {
  for (const b of builds) {
    const cells = sweeps.get(`${what}|${b.label}`);
    console.log(`| ${what} | ${b.label} | ${cells.map(ms).join(' | ')} | ${(cells[0] / cells[1]).toFixed(2)}× |`);
  }
}
console.log('');
console.log('| one LeNet-5 round, N = 256, K = 10 (data-round-ms, median of 7) | time |');
console.log('| --- | --- |');
for (const b of builds.filter((b) => rounds.has(b.label))) console.log(`| ${b.label} | ${ms(rounds.get(b.label))} |`);
