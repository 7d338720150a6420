// Benchmark of what a browser downloads for the default view (and for a
// LeNet-5 preset link, which adds the network's two files) of the release
// build, served gzip-compressed with the project's CSP as a static host
// serves it, from the first request until the first plot is drawn and the
// app is idle, at a pool of 1, 2 and 4 workers (the link's `w=`). Prints
// markdown tables; asserts nothing. Run: ./scripts/bench-transfer.sh [DIST]
//
// The bytes are counted by the server (headers and gzip body, as written to
// the socket), so that every request counts, a helper worker's too (the
// pool's helpers are workers started by the first worker, and the browser's
// own network reporting does not see a nested worker's script request); the
// browser's count (Playwright's request sizes, from the DevTools protocol)
// is printed beside it. Two cache policies: `no-store` (each request goes to
// the network, as in the e2e tests) and `max-age=600` (what GitHub Pages
// sends: a file asked for again may come from the browser's cache).

import { readdir, readFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { join, basename } from 'node:path';

// The build to measure: the first argument, else $DIST, else dist/ (the
// harness reads $DIST when it loads).
if (process.argv[2]) process.env.DIST = process.argv[2];
const { DIST } = await import('../e2e/harness.mjs');
const { load, LENET_PRESET_QUERY } = await import('./transfer-load.mjs');

const POOLS = [1, 2, 4];
// The default view, and a view that computes LeNet-5 (its two files come on top).
const LINKS = [
  ['default view', ''],
  ['LeNet-5 preset', LENET_PRESET_QUERY],
];
const CACHES = ['no-store', 'max-age=600'];
const kB = (b) => (b / 1e3).toFixed(1);
const fileName = (path) => (path.endsWith('/') ? 'index.html' : basename(path));

const files = (await readdir(DIST, { withFileTypes: true })).filter((e) => e.isFile()).map((e) => e.name);
const gz = Object.fromEntries(
  await Promise.all(files.map(async (f) => [f, gzipSync(await readFile(join(DIST, f)), { level: 9 }).length])),
);

const results = [];
for (const [link, query] of LINKS) for (const cache of CACHES) {
  for (const w of POOLS) {
    const r = await load(cache, w, query);
    const bytes = r.sent.reduce((a, s) => a + s.bytes, 0);
    const after = r.late.reduce((a, s) => a + s.bytes, 0);
    console.error(
      `${link}, ${cache} W=${w} (pool field: ${r.pool}): ${r.sent.length} requests, ${kB(bytes)} kB (browser saw ${kB(r.seen)} kB), idle at ${r.idle} ms` +
        (r.late.length ? `; after idle: ${r.late.map((l) => fileName(l.path)).join(', ')}` : ''),
    );
    results.push({ link, cache, w, ...r, bytes, after });
  }
}

console.log(`\nTransfer until the first plot is drawn and the app is idle: ${DIST}, gzip -9, one fresh profile per load\n`);
console.log('| link | cache-control | pool W | requests | bytes on the wire until idle (server) | the browser\'s count (DevTools) | after idle | first plot | idle |');
console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
for (const r of results) {
  const after = r.late.length ? `+${kB(r.after)} kB (${r.late.map((l) => fileName(l.path)).join(', ')})` : '0';
  console.log(
    `| ${r.link} | ${r.cache} | ${r.w} | ${r.sent.length} | **${kB(r.bytes)} kB** | ${kB(r.seen)} kB | ${after} | ${Math.round(r.drawn)} ms | ${r.idle} ms |`,
  );
}

// Per file: how many times each was downloaded, at each pool and policy.
const names = [...new Set(results.flatMap((r) => [...r.sent, ...r.late].map((s) => fileName(s.path))))].sort();
const col = (r) => `${r.link}, W=${r.w}, ${r.cache}`;
console.log('\nDownloads per file until idle (count × bytes on the wire each; + after idle)\n');
console.log(`| file | gzip -9 size | ${results.map(col).join(' | ')} |`);
console.log(`| --- | --- | ${results.map(() => '---').join(' | ')} |`);
for (const n of names) {
  const cells = results.map((r) => {
    const hits = r.sent.filter((s) => fileName(s.path) === n);
    const later = r.late.filter((s) => fileName(s.path) === n).length;
    const each = [...new Set(hits.map((h) => kB(h.bytes)))].join('/');
    return (hits.length ? `${hits.length} × ${each} kB` : '0') + (later ? ` + ${later}` : '');
  });
  console.log(`| ${n} | ${gz[n] !== undefined ? kB(gz[n]) + ' kB' : '–'} | ${cells.join(' | ')} |`);
}
