// The embeds a lecturer makes, as a class sees them. The axes are read from
// the Embed dialog itself (its panels, sizes, colours, switches and the
// controls it offers), so an option added to the dialog is walked the day it
// exists; to them the matrix adds where the snippet is pasted (a real
// Reveal.js deck at 1280 × 720 with a slide title, a plain page, a phone at
// 390 px) and the states a person reaches inside (nothing touched, "About
// this plot" open, the straggler plot clicked).
//
// The full product is thousands of cells: the matrix covers every pair of
// values of any two axes at least once (a greedy pairwise cover, the same
// every run), and so every value too.
//
// In each cell, inside the embed's frame: no text overlaps or is cut off,
// each plot has its charts' least height; on a slide in a frame of a
// slide's shape, nothing scrolls, the plot has at least half of the frame,
// and no text (DOM or plot) is under 16 px. "About this plot" opens over the
// slide without moving the plot and Escape closes it. A click on the plot
// (not a control) gives the arrow keys back to the host: the deck moves on;
// a click changes the experiment only in an embed made for it (pick=1).
//
// One test: node --test --test-name-pattern="pairwise" tests/e2e/slides.test.mjs

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { serveDuringTests, withPage, ROOT, SCREENSHOTS } from './harness.mjs';
import { settled, problems, inked } from './layout.mjs';

const T = { timeout: 1_500_000 };
const app = serveDuringTests();

/** Fewer trials than the default: each embedded sweep finishes sooner. */
const VIEW = '?v=1&tr=20';

const HOSTS = {
  deck: { viewport: { width: 1280, height: 720 } },
  page: { viewport: { width: 1280, height: 800 } },
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
};
const STATES = ['untouched', 'about', 'clicked'];

// The host: another origin, as a lecturer's site is, serving the pages the
// test writes and Reveal.js from the registry's package.
const hostPages = new Map();
let host;
before(async () => {
  const reveal = join(ROOT, 'node_modules', 'reveal.js', 'dist');
  const server = createServer(async (req, res) => {
    const path = new URL(req.url, 'http://127.0.0.1').pathname;
    if (path === '/favicon.ico') return res.writeHead(204).end();
    if (path.startsWith('/reveal/') && !path.includes('..')) {
      try {
        const body = await readFile(join(reveal, path.slice('/reveal/'.length)));
        const type = path.endsWith('.css') ? 'text/css' : 'text/javascript';
        return res.writeHead(200, { 'content-type': type }).end(body);
      } catch {
        return res.writeHead(404).end();
      }
    }
    const html = hostPages.get(path);
    if (html === undefined) return res.writeHead(404).end('not found');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(html);
  });
  await new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(0, '127.0.0.1', ok);
  });
  host = { origin: `http://127.0.0.1:${server.address().port}`, close: () => new Promise((ok) => server.close(ok)) };
});
after(async () => {
  await host?.close();
});

/** A host page holding `snippet`: a Reveal.js deck or a plain page. */
function hostPage(name, kind, snippet) {
  const path = `/lectures/${name}.html`;
  const keys = `<script>window.__keys = []; addEventListener('keydown', (e) => window.__keys.push(e.key));</script>`;
  const html =
    kind === 'deck'
      ? `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${name}</title>
<link rel="icon" href="data:,"><link rel="stylesheet" href="/reveal/reveal.css"><link rel="stylesheet" href="/reveal/theme/white.css">
</head><body><div class="reveal"><div class="slides">
<section><h2>Stragglers, seen live</h2>${snippet}</section>
<section><h2>The next slide</h2><p>Arrow keys brought us here.</p></section>
</div></div>${keys}
<script src="/reveal/reveal.js"></script>
<script>Reveal.initialize({ hash: false, transition: 'none', width: 1280, height: 720, margin: 0 }).then(() => (window.__ready = true));</script>
</body></html>`
      : `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${name}</title><link rel="icon" href="data:,">
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body { margin: 0; font: 16px sans-serif; } main { max-width: 1280px; margin: 0 auto; }</style>
</head><body><main><h1>Lecture notes</h1>${snippet}<p>Text after the embed.</p></main>${keys}
<script>window.__ready = true;</script></body></html>`;
  hostPages.set(path, html);
  return host.origin + path;
}

/** The dialog's own options: the matrix's axes. */
async function dialogAxes() {
  return withPage('slides-axes', { viewport: { width: 1366, height: 800 } }, async (page) => {
    await page.goto(app.appUrl + VIEW);
    await page.click('#embed-button');
    await page.locator('#embed-dialog').waitFor();
    const values = (sel) => page.$$eval(sel, (os) => os.map((o) => o.value));
    const axes = {
      panel: await values('#embed-panel option'),
      size: await values('#embed-size option'),
      theme: await values('#embed-theme option'),
      controls: ['none', 'one', 'every'],
    };
    // Every switch of the dialog is an axis of two values.
    for (const id of await page.$$eval('#embed-dialog input[type="checkbox"]', (bs) => bs.map((b) => b.id))) {
      axes[id] = [false, true];
    }
    const controlIds = await values('#embed-control-names option');
    return { axes, controlIds };
  });
}

/** Every pair of two axes' values at least once (greedy, deterministic). */
function pairwise(axes, feasible) {
  const names = Object.keys(axes);
  let rows = [{}];
  for (const n of names) rows = rows.flatMap((r) => axes[n].map((v) => ({ ...r, [n]: v })));
  rows = rows.filter(feasible);
  const key = (a, va, b, vb) => `${a}=${JSON.stringify(va)}|${b}=${JSON.stringify(vb)}`;
  const pairsOf = (r) => {
    const out = [];
    for (let i = 0; i < names.length; i++) for (let j = i + 1; j < names.length; j++) out.push(key(names[i], r[names[i]], names[j], r[names[j]]));
    return out;
  };
  const left = new Set(rows.flatMap(pairsOf));
  const chosen = [];
  while (left.size) {
    let best = null;
    let gain = 0;
    for (const r of rows) {
      const g = pairsOf(r).filter((p) => left.has(p)).length;
      if (g > gain) [best, gain] = [r, g];
    }
    chosen.push(best);
    for (const p of pairsOf(best)) left.delete(p);
  }
  return chosen;
}

/** Sets the dialog to `cell` as a person does and returns its snippet. */
async function snippetFor(page, cell, controlIds, index) {
  await page.click('#embed-button');
  await page.locator('#embed-dialog').waitFor();
  await page.selectOption('#embed-panel', cell.panel);
  await page.selectOption('#embed-size', cell.size);
  await page.selectOption('#embed-theme', cell.theme);
  for (const [id, on] of Object.entries(cell)) {
    if (typeof on !== 'boolean') continue;
    if ((await page.locator(`#${id}`).isChecked()) !== on) await page.click(`#${id}`);
  }
  const names = { none: '', one: controlIds[index % controlIds.length], every: controlIds.join(', ') }[cell.controls];
  const field = page.locator('#embed-controls');
  await field.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Backspace');
  if (names) await page.keyboard.type(names, { delay: 2 });
  const text = await page.locator('#embed-snippet').inputValue();
  await page.click('#embed-close');
  return text;
}

/** Whether the panel's state is one of the cell: About needs a slide's toggle. */
function feasible(cell) {
  if (cell.state === 'about') return cell.size === 'slide' && !cell['embed-plot-only'] && cell.host !== 'phone';
  return true;
}

test('pairwise: every two options of the Embed dialog, hosts and states together', T, async () => {
  const { axes, controlIds } = await dialogAxes();
  assert.ok(axes.panel.length >= 5 && axes.size.includes('slide') && controlIds.length > 5, JSON.stringify(axes));
  assert.ok('embed-pick' in axes && 'embed-plot-only' in axes, 'the dialog offers its switches');
  const cells = pairwise({ ...axes, host: Object.keys(HOSTS), state: STATES }, feasible);
  console.log(`# ${cells.length} cells cover every pair of values`);
  const snippets = await withPage('slides-dialog', { viewport: { width: 1366, height: 800 } }, async (page) => {
    await page.goto(app.appUrl + VIEW);
    await settled(page);
    const out = [];
    for (const [i, cell] of cells.entries()) out.push(await snippetFor(page, cell, controlIds, i));
    return out;
  });
  const failures = [];
  for (const [i, cell] of cells.entries()) {
    const name = `slides-${i}-${cell.panel}-${cell.size}-${cell.host}-${cell.state}`;
    const where = `${name} ${JSON.stringify(cell)}`;
    try {
      await withPage(name, HOSTS[cell.host], async (page) => {
        await page.goto(hostPage(name, cell.host === 'deck' ? 'deck' : 'page', snippets[i]));
        await page.waitForFunction(() => window.__ready === true);
        const iframe = page.locator('iframe');
        await iframe.waitFor();
        const frame = await (await iframe.elementHandle()).contentFrame();
        await settled(frame);
        const slide = cell.size === 'slide';
        const fullFrame = slide && cell.host !== 'phone';
        if (fullFrame) {
          // The frame fits the box its host gives it: on the deck's slide,
          // under the title, never past the slide's bottom.
          const box = await iframe.boundingBox();
          const view = page.viewportSize();
          assert.ok(box.y + box.height <= view.height + 1 && box.width > 0.9 * view.width, `${where}: the frame ${JSON.stringify(box)} leaves the slide`);
        }
        if (slide && cell.host === 'phone') {
          // On a phone's page the slide's frame takes a phone's shape: a
          // 16:9 strip would hide the plot below its fold.
          const box = await iframe.boundingBox();
          assert.ok(box.height >= 1.5 * box.width, `${where}: the frame ${JSON.stringify(box)} is no phone's shape`);
        }
        if (cell.panel !== 'table' && (await inked(frame, where)) === 0) {
          const note = frame.locator('.panel-note').first();
          assert.ok(await note.isVisible(), `${where}: no plot and no word why`);
          assert.match(await note.textContent(), /[Pp]anel \d shows/, `${where}: the note names no panel that shows it`);
        }
        assert.deepEqual(await problems(frame, { slide, fullFrame }), [], where);
        const plot = frame.locator('canvas').first();
        const target = (await plot.count()) ? plot : frame.locator('main .panel').first();
        if (cell.state === 'about') {
          const before = await target.boundingBox();
          await frame.click('#about-toggle');
          await frame.locator('.panel-about').first().waitFor({ state: 'visible' });
          assert.deepEqual(await target.boundingBox(), before, `${where}: "About" moved the plot`);
          assert.deepEqual(await problems(frame, { slide, fullFrame }), [], `${where}, About open`);
          // The explanation invites a click only where a click picks.
          const hint = frame.locator('.pick-hint');
          if (await hint.count()) assert.equal(await hint.isVisible(), cell['embed-pick'], `${where}: the click hint`);
          await page.screenshot({ path: join(SCREENSHOTS, `${name}-about.png`) });
          await frame.locator('.panel-about').first().press('Escape');
          await frame.locator('.panel-about').first().waitFor({ state: 'hidden' });
          assert.equal(await frame.evaluate(() => document.activeElement?.id), 'about-toggle', `${where}: Escape gives the focus back to the toggle`);
        }
        // A click on the plot changes the experiment only where the embed
        // was made for it, and otherwise gives the keys back to the host
        // (untouched, the host has them from the start).
        const picks = cell['embed-pick'] && cell.panel === 'stragglers' && (await plot.count()) > 0;
        if (cell.state === 'clicked') {
          const query = await frame.evaluate(() => location.search);
          const b = await target.boundingBox();
          await target.click({ position: { x: b.width * 0.3, y: b.height * 0.2 } });
          await settled(frame);
          const after = await frame.evaluate(() => location.search);
          if (picks) assert.match(after, /m=manual/, `${where}: a click with pick=1 makes a server straggle`);
          else assert.equal(after, query, `${where}: a click changed the experiment`);
        }
        if (cell.state === 'untouched' || (cell.state === 'clicked' && !picks)) {
          const keys = await page.evaluate(() => window.__keys.length);
          await page.keyboard.press('ArrowRight');
          await page.waitForFunction((n) => window.__keys.length > n, keys, { timeout: 5_000 }).catch(() => {});
          assert.ok((await page.evaluate(() => window.__keys.length)) > keys, `${where}: the arrow key did not reach the host`);
          if (cell.host === 'deck') {
            await page.waitForFunction(() => Reveal.getIndices().h === 1, null, { timeout: 5_000 }).catch(() => {});
            assert.equal(await page.evaluate(() => Reveal.getIndices().h), 1, `${where}: the deck did not move on`);
            await page.keyboard.press('ArrowLeft');
            await page.waitForFunction(() => Reveal.getIndices().h === 0);
          }
        }
        if (i % 4 === 0 || cell.state === 'about') await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });
      });
    } catch (e) {
      failures.push(`${where}: ${e.message.split('\n').slice(0, 30).join('\n')}`);
    }
  }
  assert.deepEqual(failures, [], `${failures.length} of ${cells.length} cells failed`);
});
