// End-to-end tests of the embed feature as a lecturer uses it: the Embed
// dialog driven by keyboard and mouse, and its snippet pasted verbatim into a
// host page on ANOTHER origin (a second, plain server with no CSP, so the
// snippet's inline height script runs). In the host page the embedded panel
// shows no link notice, draws its plot, and its frame is as tall as its
// content (size=page), or fills the host's box (a 1280 × 720 page) without
// scrolling (size=slide); a fixed theme= wins over the viewer's system colours, in the
// page and in the plot.
//
// One test: node --test --test-name-pattern="slide" tests/e2e/embed.test.mjs

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { serveDuringTests, withPage, openApp, canvasHasPixels, canvasSnapshot, APP_PATH } from './harness.mjs';

const T = { timeout: 180_000 };
const ERRORS_PLOT = 'canvas#errors-plot';
/** Fewer trials than the default: the embedded sweep finishes sooner. */
const VIEW = '?v=1&tr=20';

const app = serveDuringTests();

// The host: another origin (another port of 127.0.0.1), serving the pages
// the tests write, as a lecturer's site would: no CSP, inline script allowed.
const hostPages = new Map();
let host;
before(async () => {
  const server = createServer((req, res) => {
    const path = new URL(req.url, 'http://127.0.0.1').pathname;
    if (path === '/favicon.ico') return res.writeHead(204).end();
    const html = hostPages.get(path);
    if (html === undefined) return res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(html);
  });
  await new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(0, '127.0.0.1', ok);
  });
  host = {
    origin: `http://127.0.0.1:${server.address().port}`,
    close: () => new Promise((ok) => server.close(ok)),
  };
});
after(async () => {
  await host?.close();
});

/** Serves `body` (the snippet inside) as a host page; returns its URL. */
function hostPage(name, body, { style = '' } = {}) {
  const path = `/lectures/${name}.html`;
  hostPages.set(
    path,
    `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Lecture: ${name}</title>
<link rel="icon" href="data:,">
<style>${style}</style>
</head>
<body>
${body}
</body>
</html>
`,
  );
  assert.notEqual(host.origin, app.origin, 'the host page is on another origin');
  return host.origin + path;
}

const activeId = (page) => page.evaluate(() => document.activeElement?.id ?? '');

/** Clicks "Embed…" and checks the dialog opened with focus on its first control. */
async function openDialog(page) {
  await page.click('#embed-button');
  await page.locator('#embed-dialog').waitFor();
  assert.equal(await page.locator('#embed-button').getAttribute('aria-expanded'), 'true');
  assert.equal(await activeId(page), 'embed-panel', 'opening the dialog moves focus to its first control');
}

/** With focus on a closed <select>, moves to `value` by arrow keys. */
async function chooseByKeys(page, id, value) {
  const select = page.locator(`#${id}`);
  assert.equal(await activeId(page), id, `focus is on #${id}`);
  const values = await select.locator('option').evaluateAll((os) => os.map((o) => o.value));
  const to = values.indexOf(value);
  assert.ok(to >= 0, `#${id} offers ${value} (${values})`);
  const from = values.indexOf(await select.inputValue());
  for (let i = from; i < to; i++) await page.keyboard.press('ArrowDown', { delay: 30 });
  for (let i = from; i > to; i--) await page.keyboard.press('ArrowUp', { delay: 30 });
  assert.equal(await select.inputValue(), value, `#${id} chosen by keys`);
}

/**
 * Opens the dialog and sets it as a keyboard user would: the panel select
 * (focused on opening), Tab to the controls field and type, Tab through
 * theme and size, Tab to "plot alone" and Space. Returns the snippet.
 */
async function embedSnippet(page, { panel, controls, theme, size, plotOnly }) {
  await openDialog(page);
  await chooseByKeys(page, 'embed-panel', panel);
  await page.keyboard.press('Tab');
  assert.equal(await activeId(page), 'embed-controls');
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Backspace');
  await page.keyboard.type(controls, { delay: 30 });
  assert.equal(await page.locator('#embed-controls').inputValue(), controls);
  await page.keyboard.press('Tab');
  await chooseByKeys(page, 'embed-theme', theme);
  await page.keyboard.press('Tab');
  await chooseByKeys(page, 'embed-size', size);
  await page.keyboard.press('Tab');
  assert.equal(await activeId(page), 'embed-plot-only');
  if ((await page.locator('#embed-plot-only').isChecked()) !== plotOnly) await page.keyboard.press('Space');
  assert.equal(await page.locator('#embed-plot-only').isChecked(), plotOnly);
  const snippet = await page.locator('#embed-snippet').inputValue();
  checkSnippet(snippet, { panel, controls, theme, size, plotOnly });
  await page.click('#embed-close');
  await page.locator('#embed-dialog').waitFor({ state: 'detached' });
  return snippet;
}

/** What every snippet must be: this view's embed link and its height script. */
function checkSnippet(snippet, { panel, controls, theme, size, plotOnly }) {
  const src = `${app.origin}${APP_PATH}?v=1&amp;embed=${panel}`.replace(/[.?/]/g, '\\$&');
  const m = snippet.match(new RegExp(`^<iframe id="(coded-${panel}-[0-9a-f]{8})" src="(${src}[^"]*)"[^>]*></iframe>\\n<script>\\n[^]*</script>$`));
  assert.ok(m, `the snippet is an iframe of the ${panel} panel and a script:\n${snippet}`);
  const [, id, rawSrc] = m;
  assert.doesNotMatch(snippet, /panels=/, 'no key an embed does not use');
  assert.doesNotMatch(rawSrc, /&(?!amp;)/, 'the & of the src attribute are escaped');
  const q = new URL(rawSrc.replaceAll('&amp;', '&')).searchParams;
  assert.equal(q.get('embed'), panel);
  const shown = controls.split(',').map((c) => c.trim()).filter(Boolean).join(',');
  assert.equal(q.get('controls'), shown || null, 'the typed controls, without spaces');
  assert.equal(q.get('tr'), '20', 'the current view (its trials) goes with the embed');
  assert.equal(q.get('theme'), theme === 'system' ? null : theme);
  assert.equal(q.get('size'), size === 'page' ? null : size);
  assert.equal(q.get('plot-only'), plotOnly ? '1' : null);
  // A page is as tall as it reports; a slide fills the box its host gives it.
  const sized = size === 'page' ? 'width="100%" height="560"' : 'class="r-stretch" style="display: block; border: 0; width: 100%; aspect-ratio: 1280 / 720; max-height: 100%"';
  assert.ok(snippet.includes(sized), `a ${size} frame: ${sized}`);
  assert.ok(snippet.includes('coded-playground-keys'), 'a click on the plot gives the keys back to the host');
  // The script listens to this iframe's window and the app's origin only.
  assert.ok(snippet.includes(`document.getElementById("${id}")`), 'the script finds its own iframe');
  assert.ok(snippet.includes('e.source !== f.contentWindow'), 'only messages from that iframe');
  assert.ok(snippet.includes(`e.origin !== "${app.origin}"`), "only messages from the app's origin");
}

/** The embedded app's frame in the host page, once it has navigated. */
async function embedFrame(page, panel) {
  const iframe = page.locator(`iframe[id^="coded-${panel}-"]`);
  await iframe.waitFor();
  const deadline = Date.now() + 30_000;
  for (;;) {
    const frame = await (await iframe.elementHandle()).contentFrame();
    if (frame && frame.url().startsWith(app.appUrl)) {
      await frame.waitForLoadState('load');
      return frame;
    }
    assert.ok(Date.now() < deadline, `the iframe never loaded the app (at ${frame?.url()})`);
    await new Promise((ok) => setTimeout(ok, 100));
  }
}

/** The embedded panel drew, shows no notice, and is the only panel. */
async function checkEmbedded(frame, panel) {
  assert.ok(await canvasHasPixels(frame, ERRORS_PLOT, { min: 1000, timeout: 90_000 }), 'the embedded plot is drawn');
  // The sweep may still be adding curves: wait until the plot stays the same
  // for a second (an embed has no status line to wait on).
  const deadline = Date.now() + 60_000;
  for (let last = await canvasSnapshot(frame, ERRORS_PLOT), same = 0; same < 4; ) {
    await new Promise((ok) => setTimeout(ok, 250));
    const now = await canvasSnapshot(frame, ERRORS_PLOT);
    same = now === last ? same + 1 : 0;
    last = now;
    assert.ok(Date.now() < deadline, 'the embedded plot settles');
  }
  assert.equal(await frame.locator('#url-notice').count(), 0, 'no notice: every value of the snippet link is usable');
  assert.equal(await frame.locator('h1').count(), 0, 'no app header');
  assert.equal(await frame.locator('.share').count(), 0, 'no share bar');
  assert.equal(await frame.locator('.panel').count(), 1, 'one panel');
  assert.equal(await frame.locator(`#panel-${panel}`).count(), 1);
}

/** The frame's size in the host page and its content's size inside. */
async function sizes(page, frame, panel) {
  const outer = await page.locator(`iframe[id^="coded-${panel}-"]`).evaluate((f) => {
    const r = f.getBoundingClientRect();
    return { height: r.height, top: r.top, bottom: r.bottom, styleHeight: f.style.height };
  });
  const inner = await frame.evaluate(() => ({
    innerHeight,
    scrollHeight: document.scrollingElement.scrollHeight,
    docHeight: document.documentElement.scrollHeight,
    bodyHeight: document.body.scrollHeight,
    theme: document.documentElement.getAttribute('data-theme'),
  }));
  return { outer, inner };
}

/** RGBA of the plot's background (its top-left pixel, as drawnPixels takes it). */
const plotBackground = (frame) =>
  frame.evaluate((sel) => [...document.querySelector(sel).getContext('2d').getImageData(0, 0, 1, 1).data], ERRORS_PLOT);

test('the Embed dialog works by keyboard and mouse: choices, Copy, Close, Escape', T, async () => {
  await withPage('embed-dialog', { viewport: { width: 1280, height: 900 } }, async (page, ctx) => {
    await ctx.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.origin });
    await openApp(page, app.appUrl + VIEW);
    assert.equal(await page.locator('#embed-button').getAttribute('aria-expanded'), 'false');
    assert.equal(await page.locator('#embed-dialog').count(), 0, 'closed at first');
    await openDialog(page);
    for (const id of ['embed-panel', 'embed-controls', 'embed-theme', 'embed-size', 'embed-plot-only', 'embed-snippet', 'embed-copy', 'embed-close']) {
      assert.ok(await page.locator(`#${id}`).isVisible(), `#${id} is shown`);
    }
    assert.equal(await page.locator('#embed-snippet').getAttribute('readonly'), '');
    // The defaults: the error curves, no controls, system colours, page size.
    const first = await page.locator('#embed-snippet').inputValue();
    checkSnippet(first, { panel: 'errors', controls: '', theme: 'system', size: 'page', plotOnly: false });
    // By keys: another panel (and back), then type the controls.
    await chooseByKeys(page, 'embed-panel', 'table');
    assert.match(await page.locator('#embed-snippet').inputValue(), /^<iframe id="coded-table-[0-9a-f]{8}" /);
    await chooseByKeys(page, 'embed-panel', 'errors');
    await page.keyboard.press('Tab');
    assert.equal(await activeId(page), 'embed-controls');
    await page.keyboard.type('n, p', { delay: 30 });
    assert.equal(await page.locator('#embed-controls').inputValue(), 'n, p');
    const typed = await page.locator('#embed-snippet').inputValue();
    checkSnippet(typed, { panel: 'errors', controls: 'n, p', theme: 'system', size: 'page', plotOnly: false });
    assert.notEqual(typed, first, 'the snippet follows the typing');
    // By mouse: the selects and the checkbox.
    await page.locator('#embed-theme').selectOption('dark');
    await page.locator('#embed-size').selectOption('slide');
    await page.click('#embed-plot-only');
    const clicked = await page.locator('#embed-snippet').inputValue();
    checkSnippet(clicked, { panel: 'errors', controls: 'n, p', theme: 'dark', size: 'slide', plotOnly: true });
    const ids = [first, typed, clicked].map((s) => s.match(/^<iframe id="([^"]+)"/)[1]);
    assert.equal(new Set(ids).size, 3, `different views, different iframe ids: ${ids}`);
    // Copy: a status, and the clipboard holds the snippet exactly.
    assert.equal((await page.locator('#embed-copy-status').textContent()).trim(), '');
    await page.click('#embed-copy');
    await page.waitForFunction(() => document.querySelector('#embed-copy-status').textContent.trim() !== '');
    assert.match(await page.locator('#embed-copy-status').textContent(), /Copied|copy it/);
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), clicked, 'the clipboard holds the snippet');
    // Close by its button.
    await page.click('#embed-close');
    await page.locator('#embed-dialog').waitFor({ state: 'detached' });
    assert.equal(await page.locator('#embed-button').getAttribute('aria-expanded'), 'false');
    assert.equal(await activeId(page), 'embed-button', 'Close gives focus back to the button');
    // Reopen by the mouse, close by Escape: focus goes back to the button.
    await openDialog(page);
    assert.equal((await page.locator('#embed-copy-status').textContent()).trim(), '', 'no stale copy status');
    await page.keyboard.press('Escape');
    await page.locator('#embed-dialog').waitFor({ state: 'detached' });
    assert.equal(await activeId(page), 'embed-button', 'Escape gives focus back to the button');
    // From there the keyboard reopens it, and Escape from inside a field closes it too.
    await page.keyboard.press('Enter');
    await page.locator('#embed-dialog').waitFor();
    assert.equal(await activeId(page), 'embed-panel');
    await page.click('#embed-controls');
    await page.keyboard.press('Escape');
    await page.locator('#embed-dialog').waitFor({ state: 'detached' });
    assert.equal(await activeId(page), 'embed-button');
    assert.equal(await page.locator('#url-notice').count(), 0);
  });
});

test('a page-size embed on another origin: no notice, drawn, the frame as tall as its content', T, async () => {
  await withPage('embed-host-page', { viewport: { width: 1280, height: 900 } }, async (page) => {
    await openApp(page, app.appUrl + VIEW);
    const snippet = await embedSnippet(page, { panel: 'errors', controls: 'n, p', theme: 'system', size: 'page', plotOnly: false });
    const url = hostPage(
      'page',
      `<h1>Lecture 7: coded computing with stragglers</h1>
<p>Although about Np servers straggle, the error of BACC and LeTCC still falls as N grows.</p>
${snippet}
<p>The text after the embed.</p>`,
      { style: 'body { font-family: sans-serif; max-width: 60rem; margin: 2rem auto; }' },
    );
    await page.goto(url);
    assert.equal(await page.locator('h1').textContent(), 'Lecture 7: coded computing with stragglers');
    const frame = await embedFrame(page, 'errors');
    await checkEmbedded(frame, 'errors');
    for (const id of ['#n', '#p']) assert.ok(await frame.locator(id).isVisible(), `the chosen control ${id} is shown`);
    for (const id of ['#k', '#scheme']) assert.equal(await frame.locator(id).isVisible(), false, `${id} is not`);
    assert.ok(await frame.locator('#errors-explain').isVisible(), 'without plot-only the explanation stays');
    // The host script sizes the frame to what the panel reports.
    let s;
    const deadline = Date.now() + 15_000;
    for (;;) {
      s = await sizes(page, frame, 'errors');
      const fits =
        s.outer.styleHeight.endsWith('px') &&
        Math.abs(s.outer.height - s.inner.bodyHeight) <= 40 &&
        Math.abs(s.outer.height - s.inner.docHeight) <= 40;
      if (fits) break;
      assert.ok(Date.now() < deadline, `the frame fits its content within 40 px: ${JSON.stringify(s)}`);
      await new Promise((ok) => setTimeout(ok, 200));
    }
    assert.notEqual(s.outer.height, 560, 'the frame was resized from the snippet height');
    // Messages from anything but the embedded app's window are ignored.
    const before = s.outer.styleHeight;
    await page.evaluate(() => window.postMessage({ type: 'coded-playground-height', height: 42 }, '*'));
    await page.waitForTimeout(300);
    assert.equal(await page.locator('iframe[id^="coded-errors-"]').evaluate((f) => f.style.height), before, "the host page's own message does not resize the frame");
  });
});

for (const [theme, system, light] of [['light', 'dark', true], ['dark', 'light', false]]) {
  test(`a slide embed, theme=${theme} on a ${system} system: no notice, drawn, fits 1280 × 720 without scrolling`, T, async (t) => {
    await withPage(`embed-host-slide-${theme}`, { viewport: { width: 1280, height: 720 }, colorScheme: system }, async (page) => {
      await openApp(page, app.appUrl + VIEW);
      const snippet = await embedSnippet(page, { panel: 'errors', controls: 'n, p', theme, size: 'slide', plotOnly: true });
      const url = hostPage(`slide-${theme}`, snippet, { style: 'body { margin: 0; }' });
      await page.goto(url);
      const frame = await embedFrame(page, 'errors');
      await checkEmbedded(frame, 'errors');
      // The fixed theme, over the system's colours (the emulation reaches the frame).
      assert.equal(await frame.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches), system === 'dark');
      assert.equal(await frame.locator('html').getAttribute('data-theme'), theme, 'data-theme on the embed');
      const bg = await frame.evaluate(() => getComputedStyle(document.body).backgroundColor.match(/\d+/g).slice(0, 3).map(Number));
      const px = await plotBackground(frame);
      const [lo, hi] = [Math.min(...px.slice(0, 3)), Math.max(...px.slice(0, 3))];
      if (light) {
        assert.ok(Math.min(...bg) >= 200, `a light page background: rgb(${bg})`);
        assert.ok(lo >= 200 && px[3] === 255, `a light plot background: rgba(${px})`);
      } else {
        assert.ok(Math.max(...bg) <= 80, `a dark page background: rgb(${bg})`);
        assert.ok(hi <= 80 && px[3] === 255, `a dark plot background: rgba(${px})`);
      }
      // plot-only: no explanation text.
      assert.equal(await frame.locator('#errors-explain').isVisible(), false, 'plot-only hides #errors-explain');
      for (const sel of ['.explain', '.plot-data', '#errors-uses']) {
        const shown = await frame.locator(sel).evaluateAll((els) => els.filter((e) => e.checkVisibility()).length);
        assert.equal(shown, 0, `plot-only hides ${sel}`);
      }
      // The slide: the frame within 1280 × 720, nothing scrolls, nothing cut off.
      await page.waitForTimeout(1_000); // let a height message arrive, if any
      const s = await sizes(page, frame, 'errors');
      assert.ok(s.outer.top >= 0 && s.outer.bottom <= 720 && s.outer.height <= 720, `the frame fits within 720: ${JSON.stringify(s)}`);
      assert.ok(s.inner.scrollHeight <= s.inner.innerHeight + 1, `the embed does not scroll: ${JSON.stringify(s)}`);
      const clip = await frame.evaluate((sel) => {
        const c = document.querySelector(sel).getBoundingClientRect();
        const a = document.querySelector('.app');
        return { canvasTop: c.top, canvasBottom: c.bottom, canvasHeight: c.height, appScroll: a.scrollHeight, appClient: a.clientHeight, innerHeight };
      }, ERRORS_PLOT);
      assert.ok(clip.canvasBottom <= clip.innerHeight + 1 && clip.canvasHeight >= 128, `the plot is whole on the slide: ${JSON.stringify(clip)}`);
      assert.ok(clip.appScroll <= clip.appClient + 1, `nothing is cut off by the slide's overflow: ${JSON.stringify(clip)}`);
      for (const id of ['#n', '#p']) assert.ok(await frame.locator(id).isVisible(), `the chosen control ${id} is shown`);
      // The plots share the height the text and controls leave: the panel
      // reaches the slide's bottom and the plot grows past its 8rem minimum.
      await t.test('the plot fills the height the controls leave', async () => {
        const fill = await frame.evaluate((sel) => ({
          panelBottom: document.querySelector('#panel-errors').getBoundingClientRect().bottom,
          canvasHeight: document.querySelector(sel).getBoundingClientRect().height,
          innerHeight,
        }), ERRORS_PLOT);
        assert.ok(fill.panelBottom >= fill.innerHeight - 40, `no unused space below the panel: ${JSON.stringify(fill)}`);
        assert.ok(fill.canvasHeight > 160, `the plot grows past its minimum: ${JSON.stringify(fill)}`);
      });
    });
  });
}
