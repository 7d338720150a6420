// The transfer budget scripts/test.sh enforces: what the browser downloads
// for the default view at the page's default pool, on a fresh load served
// gzip-compressed with `no-store` (every file a worker asks for is a
// request), until the first plot is drawn and the app is idle and the
// network has been quiet. Bytes are counted by the server (headers and gzip
// body), so a nested helper worker's requests count too. Byte counts, not
// times: the same build gives the same figures on every run.
//
// Run: node tests/bench/budget.mjs PAGE_BUDGET TOTAL_BUDGET (bytes)

import { basename } from 'node:path';
import { load } from './transfer-load.mjs';

const [pageBudget, totalBudget] = process.argv.slice(2).map(Number);
if (!(pageBudget > 0 && totalBudget > 0)) {
  console.error('usage: node tests/bench/budget.mjs PAGE_BUDGET TOTAL_BUDGET (bytes)');
  process.exit(2);
}

const r = await load('no-store', null);
const sent = [...r.sent, ...r.late];
const byFile = new Map();
for (const s of sent) {
  const name = s.path.endsWith('/') ? 'index.html' : basename(s.path);
  const [n, b] = byFile.get(name) ?? [0, 0];
  byFile.set(name, [n + 1, b + s.bytes]);
}
// The worker's files load after the page has drawn its controls; the rest
// is what the page needs before anything shows.
let page = 0;
let total = 0;
for (const [name, [n, bytes]] of [...byFile].sort()) {
  console.log(`    ${name.padEnd(48)} ${String(n).padStart(2)} × ${String(Math.round(bytes / n)).padStart(8)} B`);
  total += bytes;
  if (!name.startsWith('worker')) page += bytes;
}
console.log(`    default pool: ${r.pool} workers`);
console.log(`    page (before the worker): ${page} B on the wire (budget ${pageBudget})`);
console.log(`    total: ${total} B on the wire (budget ${totalBudget})`);
if (page > pageBudget || total > totalBudget) {
  console.error('    transfer size over budget');
  process.exit(1);
}
