// End-to-end tests of the page's security: it runs under the strict
// Content-Security-Policy (every app response of the harness carries it; here
// we check that it does and that nothing violates it), no value from the URL
// reaches the DOM as markup, the app makes no network request after loading,
// and a failure shows an error box whose "Reset to defaults" works.
//
// One test: node --test --test-name-pattern="payload" tests/e2e/security.test.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { get as httpGet } from 'node:http';
import { CSP, serveDuringTests, withPage, openApp, andWait, canvasHasPixels, MAIN_CANVAS } from './harness.mjs';

const server = serveDuringTests();
const T = { timeout: 300_000 };
const DESKTOP = { viewport: { width: 1280, height: 900 } };


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

test('every response of the app carries the Content-Security-Policy header', T, async () => {
  const path = new URL(server.appUrl).pathname;
  for (const file of ['', 'index.html', 'worker_loader.js', 'worker.js']) {
    const headers = await new Promise((ok, fail) =>
      httpGet(`${server.origin}${path}${file}`, (res) => {
        res.resume();
        ok(res.headers);
      }).on('error', fail),
    );
    assert.equal(headers['content-security-policy'], CSP, file || 'the page');
  }
});

test('the page works under the CSP: no violation while loading, computing and exporting', T, async () => {
  await withPage('csp', DESKTOP, async (page) => {
    await recordViolations(page);
    const policies = [];
    page.on('response', (r) => {
      if (r.url().startsWith(server.appUrl)) policies.push(r.headers()['content-security-policy']);
    });
    await openApp(page, server.appUrl);
    assert.ok(policies.length > 3 && policies.every((p) => p === CSP), 'every app response has the policy');
    // Every stage ran (in the worker, which loads its wasm under the same policy).
    assert.ok(await canvasHasPixels(page, 'canvas#errors-plot', { min: 1000, timeout: 30_000 }));
    assert.equal(await page.locator('#results tbody tr').count() > 0, true);
    // Hover tooltips (positioned through the CSSOM), a preset, the embed
    // dialog and the exports all stay within the policy.
    const box = await page.locator(MAIN_CANVAS).boundingBox();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 3);
    await andWait(page, () => page.click('#preset-lenet'));
    await page.click('#embed-button');
    await page.keyboard.press('Escape');
    for (const id of ['#export-json', '#export-table-csv', '#export-png']) {
      await Promise.all([page.waitForEvent('download'), page.click(id)]);
    }
    assert.deepEqual(await page.evaluate(() => window.__cspViolations), []);
    // The loader is a file: the page has no inline script and no style attribute in its markup.
    const html = await (await page.request.get(server.appUrl)).text();
    assert.doesNotMatch(html, /<script(?![^>]*\bsrc=)[^>]*>/, 'an inline script in index.html');
    assert.doesNotMatch(html, /\sstyle=/, 'a style attribute in index.html');
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

test('no network request after the page has loaded', T, async () => {
  await withPage('security-no-requests', DESKTOP, async (page) => {
    await openApp(page, server.appUrl);
    const late = [];
    page.on('request', (r) => {
      const u = r.url();
      if (!u.startsWith('blob:') && !u.startsWith('data:')) late.push(`${r.method()} ${u}`);
    });
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
    assert.deepEqual(late, []);
  });
});

test('a panic shows the error box; "Reset to defaults" brings back a working page', T, async () => {
  const errors = await withPage('security-reset', { ...DESKTOP, expectErrors: true }, async (page) => {
    await openApp(page, `${server.appUrl}?n=77`);
    await page.evaluate(() => {
      try {
        window.wasmBindings.debug_panic();
      } catch {}
    });
    const box = page.locator('#panic-box');
    await box.waitFor({ state: 'visible' });
    assert.match(await box.textContent(), /debug_panic\(\) called/);
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
  // Only the deliberate panic was logged (and the worker load of the reset
  // page that openApp's own navigation interrupted).
  assert.ok(errors.length > 0);
  assert.ok(errors.every((e) => /debug_panic\(\) called|panicked at src\/lib\.rs|unreachable|ERR_ABORTED/.test(e)), errors.join('\n'));
});
