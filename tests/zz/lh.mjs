// Lighthouse (mobile profile: simulated slow 4G, 4× CPU slowdown; the
// performance category only) on the release build, served gzip-compressed
// with the project's CSP as a static host serves it, on three links: the
// default view, a preset link and a slide embed link. Three runs of each,
// the median of each figure. Prints a markdown table; asserts nothing.
//
// Run through ./scripts/bench-lighthouse.sh [DIST | label=DIST ...], which
// installs the pinned Lighthouse into .bench-tools/ and points it at
// Debian's Chromium (CHROME_PATH). `LIGHTHOUSE` is the folder of that
// install; `RUNS` the number of runs per link; `LINK` an index of LINKS, to
// run that link alone.
//
// Several builds (before=/a/dist after=dist) are measured in the same run,
// their runs interleaved (before, after, before, …): this machine's load
// moves a median of TBT by 100 ms within an hour, so builds measured apart
// are not compared.

import { createRequire } from 'node:module';
import { join, resolve, basename } from 'node:path';
import { pathToFileURL } from 'node:url';

const args = process.argv.slice(2);
if (args.length === 1 && !args[0].includes('=')) process.env.DIST = args[0];
const { DIST, startServer } = await import('../e2e/harness.mjs');
const builds = args.filter((a) => a.includes('=')).map((arg) => {
  const at = arg.indexOf('=');
  return { label: arg.slice(0, at), dir: resolve(arg.slice(at + 1)) };
});
if (builds.length === 0) builds.push({ label: 'this build', dir: resolve(DIST) });
if (process.env.QS) { const d = builds[0].dir; builds.length = 0; for (const q of process.env.QS.split('|')) builds.push({ label: q || 'default', dir: d, query: q }); }
const { LENET_PRESET_QUERY } = await import('../bench/transfer-load.mjs');

const TOOLS = resolve(process.env.LIGHTHOUSE ?? '.bench-tools');
const RUNS = Number(process.env.RUNS ?? 3);
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
// Debian's Chromium, run as root in a container: no sandbox, no GPU, the
// new headless mode (the one that renders as a headed browser does).
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'];

const need = createRequire(join(TOOLS, 'package.json'));
const importFrom = (name) => import(pathToFileURL(need.resolve(name)).href);
const { default: lighthouse } = await importFrom('lighthouse');
const chromeLauncher = await importFrom('chrome-launcher');
const { version } = need('lighthouse/package.json');

const LINKS = [
  ['default view', ''],
  // It computes LeNet-5 and fetches its two files.
  ['preset link (LeNet-5, Table 1 style)', `?${LENET_PRESET_QUERY}`],
  ['slide embed link (error vs N)', '?v=1&embed=errors&size=slide'],
];

const LINKS_RUN = [['mixed', '']];
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** One Lighthouse run on `url` in a fresh Chromium: the figures, and what the server sent. */
async function run(url, sent) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
  try {
    sent.length = 0;
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    });
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
    const a = (id) => lhr.audits[id].numericValue;
    return {
      settings: lhr.configSettings,
      warnings: lhr.runWarnings,
      score: lhr.categories.performance.score * 100,
      lcp: a('largest-contentful-paint'),
      tbt: a('total-blocking-time'),
      cls: a('cumulative-layout-shift'),
      fcp: a('first-contentful-paint'),
      si: a('speed-index'),
      bytes: a('total-byte-weight'),
      wire: sent.reduce((s, r) => s + r.bytes, 0),
      files: sent.map((r) => (r.path.endsWith('/') ? 'index.html' : basename(r.path))),
      // What the figures are about: the element of the LCP and the
      // elements that shifted, as Lighthouse names them.
      lcpElement: items(lhr, 'lcp-breakdown-insight')
        .map((i) => (i.type === 'node' ? `${i.snippet} "${(i.nodeLabel ?? '').slice(0, 50)}"` : null))
        .find(Boolean),
      shifts: items(lhr, 'layout-shifts').map((i) => `${i.score?.toFixed(3)} ${i.node?.snippet ?? ''}`),
      // The main thread's tasks that count towards TBT (over 50 ms as
      // Lighthouse sees them), where they start and what ran them.
      longTasks: items(lhr, 'long-tasks').map(
        (i) => `${Math.round(i.duration)} ms at ${Math.round(i.startTime)} ms (${basename(String(i.url ?? '?'))})`,
      ),
    };
  } finally {
    await chrome.kill();
  }
}

/** The rows of an audit's table (empty when it has none). */
function items(lhr, id) {
  return lhr.audits[id]?.details?.items ?? [];
}

const sent = [];
// As GitHub Pages sends it; Lighthouse empties the cache before each run.
const roots = {};
builds.forEach((b, i) => {
  b.prefix = `/build${i}/`;
  roots[b.prefix] = b.dir;
});
const server = await startServer({ roots, gzip: true, cacheControl: 'max-age=600', onSent: (r) => sent.push(r) });
const rows = [];
let settings;
try {
  for (const [what, query] of LINKS_RUN) {
    const runs = new Map(builds.map((b) => [b, []]));
    for (let i = 0; i < RUNS; i++) for (const b of builds) {
      const r = await run(server.origin + b.prefix + (b.query ?? query), sent);
      settings = r.settings;
      console.error(
        `${what}, ${b.label}, run ${i + 1}: score ${r.score}, LCP ${Math.round(r.lcp)} ms, TBT ${Math.round(r.tbt)} ms, CLS ${r.cls.toFixed(3)}, ` +
          `FCP ${Math.round(r.fcp)} ms, SI ${Math.round(r.si)} ms, ${(r.bytes / 1e3).toFixed(0)} kB (server: ${(r.wire / 1e3).toFixed(0)} kB, ${r.files.join(' ')})` +
          (r.warnings.length ? `; warnings: ${r.warnings.join(' / ')}` : '') +
          `\n    LCP element: ${r.lcpElement ?? '?'}` +
          (r.shifts.length ? `\n    layout shifts: ${r.shifts.join(' | ')}` : '') +
          (r.longTasks.length ? `\n    long tasks: ${r.longTasks.join(' | ')}` : ''),
      );
      runs.get(b).push(r);
    }
    for (const b of builds) {
      const m = (k) => median(runs.get(b).map((r) => r[k]));
      rows.push({ what, build: b.label, query, score: m('score'), lcp: m('lcp'), tbt: m('tbt'), cls: m('cls'), fcp: m('fcp'), si: m('si'), bytes: m('bytes'), wire: m('wire') });
    }
  }
} finally {
  await server.close();
}

const t = settings.throttling;
console.log(
  `\nLighthouse ${version}, ${settings.formFactor} (${settings.throttlingMethod}d: RTT ${t.rttMs} ms, ` +
    `${(t.throughputKbps / 1024).toFixed(1)} Mbit/s, CPU ×${t.cpuSlowdownMultiplier}), ${CHROME_PATH}; ${builds.map((b) => `${b.label} = ${b.dir}`).join(', ')}; median of ${RUNS} runs\n`,
);
const s = (v) => `${(v / 1e3).toFixed(2)} s`;
console.log('| link | build | score | LCP | TBT | CLS | FCP | Speed Index | total transfer (Lighthouse) | bytes sent (server) |');
console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
for (const r of rows) {
  console.log(
    `| ${r.what} \`${r.query || '/'}\` | ${r.build} | ${Math.round(r.score)} | ${s(r.lcp)} | ${Math.round(r.tbt)} ms | ${r.cls.toFixed(3)} | ${s(r.fcp)} | ${s(r.si)} | ${(r.bytes / 1e3).toFixed(0)} kB | ${(r.wire / 1e3).toFixed(0)} kB |`,
  );
}
console.log('\nTargets: score ≥ 90, LCP ≤ 2.5 s, TBT ≤ 200 ms, CLS ≤ 0.1.');
