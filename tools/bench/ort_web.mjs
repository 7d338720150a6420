// onnxruntime-web (npm, wasm backend, one thread, SIMD) on our LeNet-5 in
// headless /usr/bin/chromium driven by playwright-core: checks the logits
// against the candle fixture (1e-4) and prints images/s at batch 256 and 1024.
//
//   python3 tools/bench/make_onnx.py        # once: test-artifacts/bench/lenet5.onnx
//   node tools/bench/ort_web.mjs [--runs 20] [--warmup 3] [--ours DIR]
//
// --ours DIR: also our forward pass (coded-core), built to wasm by
// tools/bench/lenet-wasm and wasm-bindgen --target web into DIR (its
// lenet_wasm.js and lenet_wasm_bg.wasm; a path to either file works too):
// checked the same way and timed in the same page, alternating with ORT.
//
// Everything is served offline from a tiny http server on 127.0.0.1 (random
// port): the page (ort_web.html), tools/bench/node_modules/onnxruntime-web/dist/, the
// model and the digits. Any request leaving 127.0.0.1 is blocked and fails.

import { createServer } from 'node:http';
import { readFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir, loadavg, cpus } from 'node:os';
import { join, normalize, extname, resolve, dirname } from 'node:path';
import { statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(here, '..', '..');
const MACS_PER_IMAGE = 416_520;
const { values: opts } = parseArgs({
  options: { runs: { type: 'string', default: '20' }, warmup: { type: 'string', default: '3' },
    ours: { type: 'string' } },
});
const OURS = opts.ours === undefined ? null
  : statSync(resolve(opts.ours)).isDirectory() ? resolve(opts.ours) : dirname(resolve(opts.ours));
const [RUNS, WARMUP, BATCHES] = [Number(opts.runs), Number(opts.warmup), [256, 1024]];

// URL prefix -> folder; '/' serves only the page.
const MOUNTS = [
  ['/ort/', join(here, 'node_modules/onnxruntime-web/dist')],
  ['/model/', join(ROOT, 'test-artifacts/bench')],
  ['/data/digits.bin', join(ROOT, 'crates/coded-core/assets/digits.bin')],
  ['/data/lenet5_logits.json', join(ROOT, 'crates/coded-core/tests/fixtures/lenet5_logits.json')],
  ['/', join(here, 'ort_web.html')],
];
if (OURS) MOUNTS.unshift(['/ours/', OURS]);
const TYPES = { '.html': 'text/html; charset=utf-8', '.mjs': 'text/javascript', '.js': 'text/javascript',
  '.wasm': 'application/wasm', '.json': 'application/json' };

function fileFor(path) {
  for (const [prefix, target] of MOUNTS) {
    if (prefix.endsWith('/') && prefix !== '/' && path.startsWith(prefix)) {
      const file = normalize(join(target, decodeURIComponent(path.slice(prefix.length))));
      return file.startsWith(target + '/') ? file : null; // no path traversal
    }
    if (path === prefix) return target;
  }
  return null;
}

const server = createServer(async (req, res) => {
  const file = fileFor(new URL(req.url, 'http://127.0.0.1').pathname);
  try {
    if (!file) throw new Error('not served');
    const body = await readFile(file);
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(body);
  } catch {
    res.writeHead(404).end('not found');
  }
});
await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
const origin = `http://127.0.0.1:${server.address().port}`;

const profile = await mkdtemp(join(tmpdir(), 'ort-web-bench-'));
const errors = [];
let context;
try {
  context = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium',
    headless: true, // playwright passes --headless
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith(origin + '/')) return route.continue();
    errors.push(`blocked request outside 127.0.0.1: ${url}`);
    return route.abort('blockedbyclient');
  });
  const page = context.pages()[0] ?? (await context.newPage());
  page.on('console', (m) => m.type() === 'error' && errors.push(`console: ${m.text()}`));
  page.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
  page.on('response', (r) => r.status() >= 400 && errors.push(`HTTP ${r.status()} ${r.url()}`));

  await page.goto(origin + (OURS ? '/?ours' : '/'));
  await page.waitForFunction(() => window.ready === true, null, { timeout: 60_000 });
  const info = await page.evaluate(() => window.info);
  console.log(`onnxruntime-web ${info.ort.web} (common ${info.ort.common}), wasm, numThreads 1, simd; ` +
    `Chromium ${context.browser()?.version()}, crossOriginIsolated ${info.crossOriginIsolated}; ` +
    `load average ${loadavg()[0].toFixed(2)} on ${cpus().length} CPUs`);

  const check = await page.evaluate(() => window.verify());
  const ok = check.maxDiff <= 1e-4 && Math.abs(check.accuracy - 0.984) < 1e-9;
  console.log(`fixture max |dlogit| = ${check.maxDiff.toExponential(2)} (${check.inputs} inputs), ` +
    `accuracy on 500 digits = ${check.accuracy.toFixed(3)}: ${ok ? 'OK' : 'MISMATCH'}`);
  if (!ok) process.exitCode = 1;
  if (OURS) {
    const c = await page.evaluate(() => window.verifyOurs());
    const good = c.maxDiff <= 1e-4 && Math.abs(c.accuracy - 0.984) < 1e-9 && info.oursSimd;
    console.log(`ours (${OURS}, simd128 ${info.oursSimd}): fixture max |dlogit| = ${c.maxDiff.toExponential(2)}, ` +
      `accuracy on 500 digits = ${c.accuracy.toFixed(3)}: ${good ? 'OK' : 'MISMATCH'}`);
    if (!good) process.exitCode = 1;
  }

  for (const r of await page.evaluate(([b, n, w]) => window.bench(b, n, w), [BATCHES, RUNS, WARMUP])) {
    const stats = (times) => {
      const sorted = [...times].sort((a, b) => a - b);
      return [sorted[0], sorted[Math.floor(sorted.length / 2)]].map((ms) => (r.batch / ms) * 1e3);
    };
    const line = (who, [best, median], acc) =>
      console.log(`${who} batch ${String(r.batch).padStart(5)}: best ${best.toFixed(0).padStart(8)} images/s ` +
        `(${((best * MACS_PER_IMAGE) / 1e9).toFixed(2)} GMAC/s), median ${median.toFixed(0).padStart(8)} ` +
        `images/s (${((median * MACS_PER_IMAGE) / 1e9).toFixed(2)} GMAC/s), ${RUNS} runs, accuracy ${acc.toFixed(3)}`);
    const ort = stats(r.times);
    line(OURS ? 'ORT ' : '', ort, r.accuracy);
    if (OURS) {
      const o = stats(r.oursTimes);
      line('ours', o, r.oursAccuracy);
      console.log(`ours / ORT, batch ${r.batch}: best ${(o[0] / ort[0]).toFixed(2)}x, median ${(o[1] / ort[1]).toFixed(2)}x`);
    }
  }
} finally {
  await context?.close();
  await rm(profile, { recursive: true, force: true });
  server.close();
}
if (errors.length) {
  console.error(errors.join('\n'));
  process.exitCode = 1;
}
