// End-to-end test harness: a static server for dist/ on 127.0.0.1, and
// headless /usr/bin/chromium driven by playwright-core (no browser download).
//
// Why these rules: the app must work as a plain static site from any sub-path,
// offline, and without console errors. Every page a test opens fails the test
// on a console error, an uncaught exception, a failed request or any request
// that leaves 127.0.0.1, and leaves a screenshot in test-artifacts/screenshots/.

import { createServer, get as httpGet } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import { spawn } from 'node:child_process';
import { readFile, mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { gzipSync } from 'node:zlib';
import { join, normalize, extname, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import assert from 'node:assert/strict';
import { before, after } from 'node:test';
import { chromium } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
export const ROOT = resolve(here, '..', '..');
/** The built app; `DIST=/other/dir` tests another build (e.g. a parallel one). */
export const DIST = process.env.DIST ? resolve(process.env.DIST) : join(ROOT, 'dist');
/**
 * The Content-Security-Policy every response of the app is served with, in
 * every test: the one the deployment docs give (docs/architecture.md,
 * "Content-Security-Policy"), read from there so the tests check what a
 * host is told to send. The page must work under it (no inline scripts or
 * styles, no eval, no data: or remote resources).
 */
export const CSP = await documentedPolicy();

async function documentedPolicy() {
  const doc = await readFile(join(ROOT, 'docs', 'architecture.md'), 'utf8');
  const found = [...doc.matchAll(/^Content-Security-Policy: (.+)$/gm)].map((m) => m[1].trim());
  if (found.length !== 1) {
    throw new Error(`docs/architecture.md should give one Content-Security-Policy line, found ${found.length}`);
  }
  return found[0];
}
export const FIXTURES = join(here, 'fixtures');
export const SCREENSHOTS = join(ROOT, 'test-artifacts', 'screenshots');
/**
 * LeNet-5's files, which a worker fetches from next to its script the first
 * time a view computes LeNet-5 (coded_core::lenet::WEIGHTS_FILE, DIGITS_FILE).
 */
export const LENET_FILES = ['lenet5.bin', 'digits.packed'];
/** The app is served under this sub-path, to prove relative URLs work. */
export const APP_PATH = '/sub/dir/';
export const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  // LeNet-5's files (crates/coded-core/src/lenet/files.rs).
  '.bin': 'application/octet-stream',
  '.packed': 'application/octet-stream',
};

/** Maps a URL path under `prefix` to a file under `dir`, or null. */
function fileFor(urlPath, prefix, dir) {
  if (!urlPath.startsWith(prefix)) return null;
  let rel = decodeURIComponent(urlPath.slice(prefix.length));
  if (rel === '' || rel.endsWith('/')) rel += 'index.html';
  const file = normalize(join(dir, rel));
  return file.startsWith(dir + '/') ? file : null; // no path traversal
}

/** The types a static host sends gzip-compressed (images other than SVG are compressed already). */
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.wasm', '.json', '.svg']);

/**
 * Serves folders on a random free port of 127.0.0.1: by default dist/ at
 * APP_PATH and tests/e2e/fixtures/ at /fixtures/; `roots` maps other URL
 * prefixes to folders. Files of the built app (DIST) carry the CSP header.
 * `gzip: true` compresses text and wasm for a browser that accepts it, as a
 * static host does (the benchmarks measure what goes over the wire);
 * `cacheControl` is the header every file is sent with (the tests want each
 * load fresh). `onSent({ path, status, bytes })` hears of every response
 * once it is written, with the bytes it put on the socket (headers and
 * body, as encoded): the server sees every request, a nested worker's too.
 * Resolves to { origin, appUrl, requestsOf, requests, forgetRequests, close }.
 */
export async function startServer({
  roots = { [APP_PATH]: DIST, '/fixtures/': FIXTURES },
  gzip = false,
  cacheControl = 'no-store',
  onSent = null,
} = {}) {
  try {
    await stat(join(DIST, 'index.html'));
  } catch {
    throw new Error(`${DIST}/index.html is missing: run \`trunk build --release\` first`);
  }
  // How many times each path was asked for: what a test counts to know
  // what the browser downloaded (with `no-store`, every load is a request).
  const asked = new Map();
  const compressed = new Map();
  const server = createServer(async (req, res) => {
    const path = new URL(req.url, 'http://127.0.0.1').pathname;
    asked.set(path, (asked.get(path) ?? 0) + 1);
    if (onSent) {
      // A browser sends one request at a time on a connection: what the
      // socket wrote from here to the end is this response.
      const start = req.socket.bytesWritten;
      res.once('finish', () => onSent({ path, status: res.statusCode, bytes: req.socket.bytesWritten - start }));
    }
    if (path === '/sub/dir') {
      res.writeHead(301, { location: APP_PATH }).end();
      return;
    }
    const file = Object.entries(roots)
      .map(([prefix, dir]) => fileFor(path, prefix, dir))
      .find((f) => f);
    try {
      if (!file) throw new Error('outside the served folders');
      let body = await readFile(file);
      const encode = gzip && COMPRESSIBLE.has(extname(file)) && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
      if (encode) {
        if (!compressed.has(file)) compressed.set(file, gzipSync(body, { level: 9 }));
        body = compressed.get(file);
      }
      res.writeHead(200, {
        'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
        'cache-control': cacheControl,
        ...(encode ? { 'content-encoding': 'gzip', vary: 'accept-encoding' } : {}),
        // The app under the strict policy; the host pages (lecture-like, with
        // their own inline code) under none, as on a real host.
        ...(file.startsWith(DIST + '/') ? { 'content-security-policy': CSP } : {}),
      });
      res.end(body);
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    }
  });
  await new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(0, '127.0.0.1', ok);
  });
  const origin = `http://127.0.0.1:${server.address().port}`;
  return {
    origin,
    appUrl: origin + APP_PATH,
    /** How many times the app's file `name` was asked for since the last `forgetRequests`. */
    requestsOf: (name) => asked.get(APP_PATH + name) ?? 0,
    /** Every path asked for since the last `forgetRequests`, with its count. */
    requests: () => new Map(asked),
    forgetRequests: () => asked.clear(),
    close: () => new Promise((ok) => server.close(ok)),
  };
}

/**
 * Starts the server before a test file's tests and closes it after them.
 * Returns an object that holds { origin, appUrl, close } once started.
 */
export function serveDuringTests(options) {
  const server = {};
  before(async () => {
    Object.assign(server, await startServer(options));
  });
  after(async () => {
    await server.close?.();
  });
  return server;
}

/**
 * What a test file sets up first: the server for its tests
 * (`serveDuringTests`) and the options each of its tests runs with, its
 * `timeout` in milliseconds.
 */
export function testFile({ timeout }) {
  return { server: serveDuringTests(), T: { timeout } };
}

const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** True when a URL stays on this machine's test server (or needs no network). */
function isLocal(url) {
  const u = new URL(url);
  if (['data:', 'blob:', 'about:'].includes(u.protocol)) return true;
  return u.hostname === '127.0.0.1';
}

/**
 * Opens a fresh headless Chromium (own profile in a temp dir) with the given
 * context options, runs `body(page, ctx)`, saves a screenshot named `name`,
 * and fails on any console error, page error, failed request or non-local
 * request; returns what `body` returns. With `expectErrors: true` it
 * returns the collected errors instead of failing on them (for tests that
 * provoke an error on purpose). With `httpCache: true` requests are watched,
 * not routed (Playwright's routing turns the browser's HTTP cache off): a
 * request leaving 127.0.0.1 still fails the page, but is not blocked.
 */
export async function withPage(name, options, body) {
  const { expectErrors = false, httpCache = false, ...contextOptions } = options;
  const profile = await mkdtemp(join(tmpdir(), 'coded-e2e-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: ARGS,
    serviceWorkers: 'block',
    viewport: { width: 1280, height: 900 },
    ...contextOptions,
  });
  const errors = [];
  let result;
  try {
    if (httpCache) {
      context.on('request', (req) => {
        if (!isLocal(req.url())) errors.push(`request outside 127.0.0.1: ${req.url()}`);
      });
    } else {
      await context.route('**/*', (route) => {
        const url = route.request().url();
        if (isLocal(url)) return route.continue();
        errors.push(`request outside 127.0.0.1: ${url}`);
        return route.abort('blockedbyclient');
      });
    }
    const page = context.pages()[0] ?? (await context.newPage());
    page.on('console', (msg) => {
      if (msg.type() === 'error') errors.push(`console error: ${msg.text()}`);
    });
    page.on('pageerror', (err) => errors.push(`page error: ${err.message}`));
    // A load cut short because the page went to another address (the next
    // case of a test: a helper worker still fetching its wasm) is the
    // browser's doing, not the app's: a request the page aborted while it
    // stayed where it was is an error.
    let navigations = 0;
    const madeAt = new Map();
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) navigations += 1;
    });
    page.on('request', (req) => madeAt.set(req, navigations));
    const aborted = [];
    page.on('requestfailed', (req) => {
      const text = `request failed: ${req.url()} (${req.failure()?.errorText})`;
      if (req.failure()?.errorText === 'net::ERR_ABORTED') aborted.push({ at: madeAt.get(req), text });
      else errors.push(text);
    });
    page.on('response', (res) => {
      if (res.status() >= 400) errors.push(`HTTP ${res.status()}: ${res.url()}`);
    });
    try {
      result = await body(page, context);
    } finally {
      await mkdir(SCREENSHOTS, { recursive: true });
      await page
        .screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true })
        .catch((e) => errors.push(`screenshot failed: ${e.message}`));
    }
    errors.push(...aborted.filter((a) => a.at === navigations).map((a) => a.text));
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  }
  if (expectErrors) return errors;
  assert.deepEqual(errors, [], `page "${name}" reported errors`);
  return result;
}

/**
 * Number of canvas pixels that differ from its top-left pixel (taken as the
 * background). `target` is a Page or a Frame.
 */
export async function drawnPixels(target, selector) {
  return target.evaluate((sel) => {
    const canvas = document.querySelector(sel);
    if (!canvas || canvas.width === 0 || canvas.height === 0) return 0;
    const { data } = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
    let n = 0;
    for (let i = 0; i < data.length; i += 4) {
      if (data[i] !== data[0] || data[i + 1] !== data[1] || data[i + 2] !== data[2] || data[i + 3] !== data[3]) n++;
    }
    return n;
  }, selector);
}

/**
 * True once the canvas has at least `min` drawn (non-background) pixels;
 * waits up to `timeout` ms for it, since drawing happens after the wasm loads.
 */
export async function canvasHasPixels(target, selector, { min = 100, timeout = 10_000 } = {}) {
  const deadline = Date.now() + timeout;
  for (;;) {
    if ((await drawnPixels(target, selector)) >= min) return true;
    if (Date.now() > deadline) return false;
    await new Promise((ok) => setTimeout(ok, 100));
  }
}

/** The canvas content as a data URL (for comparisons). */
export async function canvasSnapshot(target, selector) {
  return target.evaluate((sel) => document.querySelector(sel).toDataURL(), selector);
}

/**
 * Runs `action` and tells whether the canvas content differs afterwards
 * (polling up to `timeout` ms for the redraw).
 */
export async function canvasChanged(target, selector, action, { timeout = 5_000 } = {}) {
  const before = await canvasSnapshot(target, selector);
  await action();
  const deadline = Date.now() + timeout;
  for (;;) {
    if ((await canvasSnapshot(target, selector)) !== before) return true;
    if (Date.now() > deadline) return false;
    await new Promise((ok) => setTimeout(ok, 100));
  }
}

/** The canvas every default view draws first: the straggler pattern. */
export const MAIN_CANVAS = 'canvas#stragglers-plot';

/** The desktop window most tests open a page in. */
export const DESKTOP = { viewport: { width: 1280, height: 900 } };

/**
 * Throws an uncaught error saying `message` in the page, in a task of its
 * own (as the page's work runs), and returns the error box once it shows.
 */
export async function uncaughtErrorBox(page, message) {
  await page.evaluate((m) => {
    setTimeout(() => {
      throw new Error(m);
    });
  }, message);
  const box = page.locator('#panic-box');
  await box.waitFor({ state: 'visible' });
  return box;
}

/**
 * Opens the app at N = 80 and taps the straggler plot's round strip in the
 * middle, just above its axis title (the canvas' own text boxes), where a
 * server is about 4 px wide on a phone; waits for the picked-server bar
 * and returns the server it names (one in the middle) and what that
 * server does (`straggles` or `answers`).
 */
export async function tapMiddleServer(page, appUrl) {
  await openApp(page, `${appUrl}?v=1&n=80&tr=20`);
  const canvas = page.locator(MAIN_CANVAS);
  await canvas.scrollIntoViewIfNeeded();
  const box = await canvas.boundingBox();
  const texts = await canvas.evaluate((c) => JSON.parse(c.dataset.textBoxes));
  const axis = texts.find((t) => t[5] === 'server (β order)');
  assert.ok(axis, JSON.stringify(texts.map((t) => t[5])));
  await page.touchscreen.tap(box.x + box.width / 2, box.y + axis[1] - 30);
  await page.locator('#server-pick').waitFor({ state: 'visible' });
  const bar = await page.locator('#server-pick-text').textContent();
  const m = bar.match(/^Server (\d+) \(of 0 to 79\) (straggles|answers)\.$/);
  assert.ok(m, bar);
  const server = Number(m[1]);
  assert.ok(server > 20 && server < 60, `the tap in the middle picked server ${server}`);
  return { server, does: m[2] };
}

/** Opens the app and waits until its first canvas is drawn and the first
 * computation (all stages) has finished. */
export async function openApp(target, url) {
  await target.goto(url);
  await target.locator('h1').waitFor();
  assert.ok(await canvasHasPixels(target, MAIN_CANVAS), 'the straggler canvas was never drawn');
  await waitIdle(target, 0);
}

/** Number of completed computations (the status line's data-runs). */
export async function runs(target) {
  return Number(await target.locator('#status').getAttribute('data-runs'));
}

/**
 * Waits until the app has completed more than `after` computations and is
 * idle (debounce elapsed, every stage done). `polling`: Playwright's, at
 * every animation frame by default; the benchmarks poll every 100 ms, so
 * that the wait itself does not make the page draw frames.
 */
export async function waitIdle(target, after, { timeout = 30_000, polling = 'raf' } = {}) {
  await target.waitForFunction(
    (n) => {
      const s = document.querySelector('#status');
      return s && s.dataset.state === 'idle' && Number(s.dataset.runs) > n;
    },
    after,
    { timeout, polling },
  );
}

/** Runs `action` and waits for the recomputation it causes. */
export async function andWait(target, action) {
  const before = await runs(target);
  await action();
  await waitIdle(target, before);
}

/** A free TCP port on 127.0.0.1. */
async function freePort() {
  const srv = createNetServer();
  await new Promise((ok) => srv.listen(0, '127.0.0.1', ok));
  const { port } = srv.address();
  await new Promise((ok) => srv.close(ok));
  return port;
}

/** Status and body of a GET, or null when nothing answers. */
function fetchText(url) {
  return new Promise((ok) => {
    const req = httpGet(url, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (body += d));
      res.on('end', () => ok({ status: res.statusCode, body }));
    });
    req.on('error', () => ok(null));
    req.setTimeout(5_000, () => req.destroy());
  });
}

/**
 * Starts `scripts/serve.sh` on a free port with its own dist folder (so the
 * release build in dist/ stays intact) and waits until the page is served.
 * Resolves to { url, stop }.
 */
export async function startServeScript({ timeout = 9 * 60_000 } = {}) {
  const port = await freePort();
  const dist = await mkdtemp(join(tmpdir(), 'coded-serve-dist-'));
  const log = [];
  // Own process group, so stop() ends trunk and any cargo it started.
  const child = spawn(join(ROOT, 'scripts', 'serve.sh'), ['--port', String(port), '--dist', dist], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (d) => {
    log.push(d.toString());
    if (log.length > 200) log.shift();
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  let exited = null;
  child.on('exit', (code, signal) => (exited = { code, signal }));
  const stop = async () => {
    if (exited === null) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {}
      const t0 = Date.now();
      while (exited === null && Date.now() - t0 < 10_000) await new Promise((ok) => setTimeout(ok, 100));
    }
    await rm(dist, { recursive: true, force: true });
  };
  const url = `http://127.0.0.1:${port}/`;
  const deadline = Date.now() + timeout;
  for (;;) {
    if (exited !== null) {
      await stop();
      throw new Error(`scripts/serve.sh exited (${JSON.stringify(exited)}):\n${log.join('')}`);
    }
    const res = await fetchText(url);
    // The page references the wasm loader that the post-build hook moved out
    // of index.html (scripts/trunk/externalize-loader.mjs): the build is done.
    if (res?.status === 200 && /<script type="module" src="\.\/boot-[0-9a-f]+\.js">/.test(res.body)) {
      return { url, stop };
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`scripts/serve.sh did not serve ${url} in time:\n${log.join('')}`);
    }
    await new Promise((ok) => setTimeout(ok, 500));
  }
}

// Links and typing, as the tests of fields use them.

/** A value of the page's link (null when it is not there: the default). */
export async function linkValue(page, key) {
  return page.evaluate((k) => new URLSearchParams(location.search).get(k), key);
}

/** Waits until the link has `key` = `value` (null: the key is absent). */
export async function linkBecomes(page, key, value) {
  await page.waitForFunction(
    ([k, v]) => new URLSearchParams(location.search).get(k) === v,
    [key, value],
    { timeout: 10_000 },
  );
}

/**
 * Clicks the field, selects what it holds, and types `keys` one at a time,
 * checking after every key that the field shows exactly what was typed so
 * far. `keys` is a list of strings and {backspace: n}. `click: false`
 * types where the caret already is (a click would move it).
 */
export async function typeKeys(page, id, keys, { clear = true, click = true } = {}) {
  const field = page.locator(`#${id}`);
  if (click) await field.click();
  let shown = await field.inputValue();
  if (clear) {
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.press('Backspace');
    shown = '';
    assert.equal(await field.inputValue(), '', `#${id} empties`);
  }
  for (const k of keys) {
    if (typeof k === 'string') {
      for (const ch of k) {
        await page.keyboard.type(ch, { delay: 60 });
        shown += ch;
        assert.equal(await field.inputValue(), shown, `#${id} after typing ${JSON.stringify(shown)}`);
      }
    } else {
      for (let i = 0; i < k.backspace; i++) {
        await page.keyboard.press('Backspace', { delay: 60 });
        shown = shown.slice(0, -1);
        assert.equal(await field.inputValue(), shown, `#${id} after a Backspace`);
      }
    }
  }
  return shown;
}

/** No NaN, undefined or Infinity in the page's text or data attributes. */
export async function noNaN(page) {
  const bad = await page.evaluate(() => {
    const found = [];
    if (/NaN|undefined|Infinity/.test(document.body.innerText)) found.push('text');
    for (const el of document.querySelectorAll('*')) {
      for (const a of el.attributes) {
        if (a.name.startsWith('data-') && /NaN|undefined|Infinity/.test(a.value)) found.push(`${el.tagName}[${a.name}]`);
      }
    }
    return found;
  });
  assert.deepEqual(bad, [], 'NaN, undefined or Infinity shown');
}

/**
 * The names of the page's panels, in page order, read from its "Panels
 * shown" checkboxes (the registry's own list): what a test loops over to
 * walk every panel.
 */
export async function panelNames(page) {
  return page.$$eval('input[type="checkbox"][id^="show-"]', (boxes) => boxes.map((b) => b.id.slice('show-'.length)));
}

/**
 * On a phone the controls are a drawer, closed at first: opens it as a
 * person does (a click on "Show the controls"); does nothing where the
 * controls are always shown.
 */
export async function openControls(page) {
  const toggle = page.locator('#controls-toggle');
  if ((await toggle.isVisible()) && (await toggle.getAttribute('aria-expanded')) === 'false') {
    await toggle.click();
    await page.locator('#controls-body').waitFor({ state: 'visible' });
  }
}

/**
 * Lets the page of `ctx` read and write the clipboard (headless Chromium
 * asks for both permissions).
 */
export async function allowClipboard(ctx, origin) {
  await ctx.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
}

/**
 * Runs `action` (a click or key on a Copy button) and returns what the
 * clipboard holds then. The clipboard holds a marker before, so a copy that
 * never happened returns the marker, not an older copy. The context must
 * allow the clipboard (`allowClipboard`).
 */
export async function copiedBy(page, action) {
  const marker = `nothing was copied (${Math.random()})`;
  await page.evaluate((m) => navigator.clipboard.writeText(m), marker);
  await action();
  // The page's write resolves after the click returns: wait for it a little.
  for (let i = 0; i < 50; i++) {
    const text = await page.evaluate(() => navigator.clipboard.readText());
    if (text !== marker) return text;
    await new Promise((ok) => setTimeout(ok, 50));
  }
  return marker;
}
