// The worker pool's speed-up in headless Chromium: the default x·sin x
// error-vs-N sweep (N 20 … 1280 doubling, 200 trials, BACC + LeTCC, p 0.1
// and 0.3) and a LeNet-5 sweep, for W = 1, 2 and 4 workers. Prints a
// markdown table; asserts nothing. Each time is the worker's own (the
// status line's data-curves-ms), the median of three new seeds (a new seed
// encodes and evaluates f anew). Run: node tests/bench/pool.bench.mjs
// (DIST=/other/dist to time another build).

import { startServer, withPage, openApp, andWait } from '../e2e/harness.mjs';

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const SWEEPS = [
  ['x·sin x, N 20 … 1280, 200 trials', 'ns=20,40,80,160,320,640,1280&tr=200'],
  ['LeNet-5, N 16 … 512, 100 trials, K = 10', 'fn=lenet5&ns=16,32,64,128,256,512&tr=100'],
];

const server = await startServer();
const rows = [];
try {
  for (const [what, query] of SWEEPS) {
    const cells = [];
    for (const w of [1, 2, 4]) {
      await withPage(`bench-pool-${w}`, {}, async (page) => {
        // Only the error plot: the table and the round are not timed.
        await openApp(page, `${server.appUrl}?v=1&${query}&w=${w}`);
        const times = [];
        for (const seed of [11, 12, 13]) {
          await andWait(page, async () => {
            await page.fill('#seed', String(seed));
            await page.press('#seed', 'Enter');
          });
          times.push(Number(await page.locator('#status').getAttribute('data-curves-ms')));
        }
        cells.push(median(times));
        console.error(`${what}, W = ${w}: ${times.map(Math.round).join(', ')} ms`);
      });
    }
    rows.push(`| ${what} | ${cells.map((t) => `${Math.round(t)} ms`).join(' | ')} | ${(cells[0] / cells[1]).toFixed(2)}× |`);
  }
} finally {
  await server.close();
}
console.log('| sweep (Chromium, worker time, median of 3 seeds) | W = 1 | W = 2 | W = 4 | W = 1 / W = 2 |');
console.log('| --- | --- | --- | --- | --- |');
for (const r of rows) console.log(r);
