// End-to-end tests of the page's security: the built page has nothing in its
// markup that the strict Content-Security-Policy would block, and it works
// under the policy the deployment docs give (every app response of the
// harness carries it) without a single violation; no value from the URL
// reaches the DOM as markup, the app makes no network request after loading,
// and a failure shows an error box whose "Reset to defaults" works.
//
// One test: node --test --test-name-pattern="payload" tests/e2e/security.test.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import {
  CSP, DIST, testFile, withPage, openApp, andWait, canvasHasPixels, MAIN_CANVAS, DESKTOP,
  uncaughtErrorBox, APP_PATH, LENET_FILES,
} from './harness.mjs';

const { server, T } = testFile({ timeout: 300_000 });

/** Records CSP violations reported to the page (before any app code runs). */
async function recordViolations(page) {
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      window.__cspViolations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
    });
  });
}

/** Every URL key the app reads (src/url.rs), its flags and an unknown one. */
const KEYS = [
  'v', 'sc', 'fn', 'k', 'n', 'pt', 'm', 'p', 's', 'a', 'mu', 'tau', 'le', 'ld', 'lr', 'tr', 'seed',
  'cmp', 'ns', 'ps', 'tab', 'ref', 'r', 'panels', 'embed', 'controls', 'unknown-key',
];

/** Markup and script payloads; each would leave a trace if it ever ran or parsed. */
const PAYLOADS = [
  '<img src=x onerror="window.__pwned=1">',
  '"><script>window.__pwned=2</script>',
  "'><svg onload=window.__pwned=3>",
  '<iframe src="javascript:window.parent.__pwned=4"></iframe>',
  'javascript:window.__pwned=5',
  '</textarea><b id=injected>bold</b>',
  '{{7*7}}<style>body{display:none}</style>',
];

/** The HTML files of the build (the page; any other page trunk writes). */
async function builtPages() {
  const names = (await readdir(DIST)).filter((f) => f.endsWith('.html'));
  return Promise.all(names.map(async (name) => ({ name, html: await readFile(join(DIST, name), 'utf8') })));
}

/**
 * What in a page's markup the policy would block or a browser would fetch
 * from elsewhere, in words: inline scripts and styles, style attributes,
 * inline event handlers, javascript: URLs, and any URL that is not a file
 * of the build.
 */
async function markupProblems(name, html) {
  const problems = [];
  // Comments are not markup (ours explain the policy in words).
  const markup = html.replace(/<!--[\s\S]*?-->/g, '');
  for (const [tag, attrs, body] of markup.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (!/\bsrc=/.test(attrs)) problems.push(`${name}: an inline script: ${tag.slice(0, 80)}`);
    else if (body.trim() !== '') problems.push(`${name}: a script with both src and a body: ${tag.slice(0, 80)}`);
  }
  if (/<style\b/i.test(markup)) problems.push(`${name}: a <style> element`);
  for (const m of markup.matchAll(/<[a-z][^>]*\sstyle\s*=/gi)) problems.push(`${name}: a style attribute: ${m[0]}`);
  for (const m of markup.matchAll(/<[a-z][^>]*\son[a-z]+\s*=/gi)) problems.push(`${name}: an inline event handler: ${m[0]}`);
  if (/javascript:/i.test(markup)) problems.push(`${name}: a javascript: URL`);
  for (const [, attr, url] of markup.matchAll(/\s(src|href)="([^"]*)"/gi)) {
    const file = url.replace(/^\.\//, '');
    if (/^[a-z][a-z0-9+.-]*:|^\/|\.\./i.test(file)) {
      problems.push(`${name}: ${attr}="${url}" is not a file of the build`);
    } else {
      await stat(join(DIST, file)).catch(() => problems.push(`${name}: ${attr}="${url}" is missing from the build`));
    }
  }
  return problems;
}

test('the built page has no inline script or style, no handler in markup, only its own files', T, async () => {
  const pages = await builtPages();
  assert.ok(pages.some((p) => p.name === 'index.html'), 'the build has its index.html');
  const problems = [];
  for (const { name, html } of pages) problems.push(...(await markupProblems(name, html)));
  assert.deepEqual(problems, []);
  // The loader trunk writes inline was moved into a file (scripts/trunk/externalize-loader.mjs).
  const index = pages.find((p) => p.name === 'index.html').html;
  assert.match(index, /<script type="module" src="\.\/boot-[0-9a-f]+\.js"><\/script>/);
});

/**
 * What in the live page the policy blocks or would block: scripts and
 * <style> elements inserted without a file, inline event handlers and
 * javascript: URLs (dead under the policy, so a feature that relied on
 * them would be broken), and the violations reported so far.
 */
async function livePageProblems(page) {
  return page.evaluate(() => {
    const found = [...window.__cspViolations];
    for (const s of document.scripts) if (!s.src) found.push(`an inline script: ${s.outerHTML.slice(0, 80)}`);
    for (const s of document.querySelectorAll('style')) found.push(`a <style> element: ${s.outerHTML.slice(0, 80)}`);
    for (const el of document.querySelectorAll('*')) {
      for (const a of el.attributes) {
        if (/^on/i.test(a.name)) found.push(`an inline handler: <${el.localName} ${a.name}>`);
        if (/^\s*javascript:/i.test(a.value)) found.push(`a javascript: URL: <${el.localName} ${a.name}>`);
      }
    }
    return found;
  });
}

test('the page works under the documented CSP: it loads, computes in its workers and draws, with no violation', T, async () => {
  await withPage('csp', DESKTOP, async (page) => {
    await recordViolations(page);
    const policies = new Map();
    page.on('response', (r) => {
      if (r.url().startsWith(server.appUrl)) policies.set(r.url(), r.headers()['content-security-policy']);
    });
    // Two workers: the leading worker starts a helper, itself under the policy.
    await openApp(page, `${server.appUrl}?w=2`);
    assert.ok([...policies.keys()].some((u) => u.endsWith('.wasm')), 'the wasm came from this server');
    for (const [url, policy] of policies) assert.equal(policy, CSP, `${url} is served with the policy`);
    // Every stage ran in the workers and every panel drew.
    for (const c of ['canvas#stragglers-plot', 'canvas#encdec-plot', 'canvas#errors-plot']) {
      assert.ok(await canvasHasPixels(page, c, { min: 1000, timeout: 30_000 }), `${c} is drawn`);
    }
    assert.ok((await page.locator('#results tbody tr').count()) > 0, 'the table is computed');
    const worker = page.workers().find((w) => w.url().endsWith('worker_loader.js'));
    assert.ok(worker, 'the leading worker runs');
    let helpers = 0;
    for (let i = 0; i < 100 && helpers < 1; i++) {
      helpers = await worker.evaluate(() => (self.codedHelpers ?? []).length);
      if (helpers < 1) await page.waitForTimeout(50);
    }
    assert.equal(helpers, 1, 'it started its helper');
    // Hover tooltips (positioned through the CSSOM), a preset, the embed
    // dialog and the exports all stay within the policy.
    const box = await page.locator(MAIN_CANVAS).boundingBox();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 3);
    await andWait(page, () => page.click('#preset-lenet'));
    assert.ok(await canvasHasPixels(page, 'canvas#digits-plot', { min: 1000 }), 'the LeNet-5 digits are drawn');
    await page.click('#embed-button');
    await page.locator('#embed-dialog').waitFor();
    await page.keyboard.press('Escape');
    for (const id of ['#export-json', '#export-table-csv', '#export-png']) {
      await Promise.all([page.waitForEvent('download'), page.click(id)]);
    }
    assert.deepEqual(await livePageProblems(page), []);
  });
});

test('no value from the URL reaches the DOM as markup (payloads in every key)', T, async () => {
  await withPage('security-payloads', DESKTOP, async (page) => {
    page.on('dialog', (d) => {
      throw new Error(`a dialog opened: ${d.message()}`);
    });
    for (const payload of PAYLOADS) {
      const query = KEYS.map((k) => `${encodeURIComponent(k)}=${encodeURIComponent(payload)}`).join('&');
      // The payload as a key, too.
      const url = `${server.appUrl}?${query}&${encodeURIComponent(payload)}=1`;
      await openApp(page, url);
      const found = await page.evaluate(() => ({
        pwned: window.__pwned ?? null,
        injected: document.querySelectorAll('#injected, img[src="x"], svg[onload], iframe[src^="javascript"]').length,
        scripts: [...document.scripts].filter((s) => !s.src).length,
        styles: document.querySelectorAll('style').length,
        hidden: getComputedStyle(document.body).display === 'none',
        notice: document.querySelector('#url-notice')?.textContent ?? '',
      }));
      assert.deepEqual(
        { pwned: found.pwned, injected: found.injected, scripts: found.scripts, styles: found.styles, hidden: found.hidden },
        { pwned: null, injected: 0, scripts: 0, styles: 0, hidden: false },
        payload,
      );
      // The payload is reported, as text, and the app fell back to defaults and drew.
      assert.match(found.notice, /ignored|not|unknown/i, payload);
      assert.ok(found.notice.includes(payload.slice(0, 12)), `the notice quotes the value as text: ${payload}`);
      assert.ok(await canvasHasPixels(page, MAIN_CANVAS, { min: 1000 }));
      assert.equal(await page.locator('#n').inputValue(), '40');
    }
  });
});

// The one exception: LeNet-5's two files, which a worker fetches from the
// app's own folder the first time a view computes LeNet-5
// (crates/coded-core/src/lenet/files.rs), and nothing else.
test('no network request after the page has loaded but LeNet-5\'s own files', T, async () => {
  await withPage('security-no-requests', DESKTOP, async (page) => {
    await openApp(page, server.appUrl);
    // The page has loaded once every worker of the pool has its script:
    // a helper starts from the module the leading worker compiled, and
    // may fetch its worker.js after the first plot (the larger that
    // module, the later), so the test waits for it instead of racing it.
    for (let i = 0; i < 200; i++) {
      const loaders = server.requestsOf('worker_loader.js');
      if (loaders > 0 && server.requestsOf('worker.js') === loaders) break;
      await new Promise((ok) => setTimeout(ok, 50));
    }
    assert.equal(server.requestsOf('worker.js'), server.requestsOf('worker_loader.js'), 'every worker has its script');
    const late = [];
    page.on('request', (r) => {
      const u = r.url();
      if (!u.startsWith('blob:') && !u.startsWith('data:')) late.push(`${r.method()} ${u}`);
    });
    server.forgetRequests();
    // Everything a user does: controls, tabs, presets, animation, sharing, export.
    await andWait(page, () => page.fill('#n', '60'));
    await andWait(page, () => page.selectOption('#function', 'lenet5'));
    for (const tab of ['#tab-p', '#tab-lambda', '#tab-n']) await andWait(page, () => page.click(tab));
    for (const preset of ['probabilistic', 'fixed-s', 'lcc-cliff', 'block', 'deadline']) {
      await andWait(page, () => page.click(`#preset-${preset}`));
    }
    await page.click('#copy-link');
    await page.click('#embed-button');
    await page.keyboard.press('Escape');
    for (const id of ['#export-json', '#export-table-csv', '#export-curves-csv', '#export-png']) {
      await Promise.all([page.waitForEvent('download'), page.click(id)]);
    }
    const own = (u) => LENET_FILES.some((f) => u === `GET ${server.appUrl}${f}`);
    assert.deepEqual(late.filter((u) => !own(u)), []);
    // The server saw them too (a worker's request), from the app's folder only.
    const asked = server.requests();
    for (const f of LENET_FILES) assert.ok(asked.get(`${APP_PATH}${f}`) >= 1, `${f} was fetched: ${[...asked.keys()]}`);
    assert.deepEqual([...asked.keys()].filter((p) => !LENET_FILES.some((f) => p === `${APP_PATH}${f}`)), []);
  });
});

// The release build exports nothing to panic with: an uncaught error
// shows the same box (a Rust panic does too: tests/browser.rs).
test('the error box\'s "Reset to defaults" brings back a working page', T, async () => {
  const errors = await withPage('security-reset', { ...DESKTOP, expectErrors: true }, async (page) => {
    await openApp(page, `${server.appUrl}?n=77`);
    const box = await uncaughtErrorBox(page, 'a test of the error box');
    assert.match(await box.textContent(), /a test of the error box/);
    const reset = page.locator('#panic-box button#reset-defaults');
    assert.equal(await reset.textContent(), 'Reset to defaults');
    // Keyboard users land in the box and can reach the button.
    await page.waitForFunction(() => document.activeElement?.id === 'panic-box');
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'reset-defaults');
    await Promise.all([page.waitForURL((u) => !u.search.includes('n=77')), page.keyboard.press('Enter')]);
    await openApp(page, page.url());
    assert.equal(await page.locator('#panic-box').count(), 0);
    assert.equal(await page.locator('#n').inputValue(), '40', 'every value is back to its default');
  });
  // Only the deliberate error was logged (and the worker load of the reset
  // page that openApp's own navigation interrupted).
  assert.ok(errors.length > 0);
  assert.ok(errors.every((e) => /a test of the error box|ERR_ABORTED/.test(e)), errors.join('\n'));
});
