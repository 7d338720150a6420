// Trunk post-build hook: moves the inline <script type="module"> that trunk
// writes into index.html (the wasm loader) into its own file, boot-<hash>.js,
// and points a <script src> at it; and drops trunk's preload of the page's
// wasm.
//
// Why: the page must run under the Content-Security-Policy that
// docs/architecture.md gives, whose script-src forbids inline scripts, and
// trunk 0.21 has no option to emit the loader as a file
// (trunk-rs/trunk#288). A hook runs for both `trunk build` and `trunk serve`.
// The file name carries a content hash so a cached old loader never pairs
// with new wasm.
import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const stage = process.env.TRUNK_STAGING_DIR;
if (!stage) {
  console.error('externalize-loader: TRUNK_STAGING_DIR is not set (run me as a trunk hook)');
  process.exit(1);
}
const indexPath = join(stage, 'index.html');
const html = await readFile(indexPath, 'utf8');

// Inline scripts are the ones without a src attribute; the loader is the one
// that imports the wasm-bindgen glue. (`trunk serve` adds a second one, its
// live-reload client, which it fills in per request: it stays inline, and
// the development server sends no CSP.)
const inline = /<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g;
const found = [...html.matchAll(inline)].filter(
  ([, attrs, body]) => /type="module"/.test(attrs) && /\bimport init\b/.test(body),
);
if (found.length !== 1) {
  console.error(
    `externalize-loader: expected exactly one inline wasm loader script in index.html, found ${found.length}; ` +
      'did trunk change its output?',
  );
  process.exit(1);
}
const [tag, , body] = found[0];
const hash = createHash('sha256').update(body).digest('hex').slice(0, 16);
const name = `boot-${hash}.js`;
await writeFile(join(stage, name), body.trim() + '\n');
// The preload would start the page's 465 kB of wasm while the first view
// (index.html's header, painted before the wasm loads) still waits for its
// stylesheet: on a slow phone network the first paint then shares the
// bandwidth with it (Lighthouse's mobile LCP: 3.5 s with it, 1.1 s
// without). Without it the loader fetches the wasm once the stylesheet and
// the loader are in, a few round trips later.
const preload = /<link rel="preload" href="[^"]*_bg\.wasm"[^>]*>/g;
const preloads = html.match(preload) ?? [];
if (preloads.length !== 1) {
  console.error(`externalize-loader: expected one preload of the page's wasm, found ${preloads.length}; did trunk change its output?`);
  process.exit(1);
}
await writeFile(
  indexPath,
  html.replace(tag, `<script type="module" src="./${name}"></script>`).replace(preload, ''),
);
console.log(`externalize-loader: wasm loader moved to ${name}; the wasm's preload dropped`);
