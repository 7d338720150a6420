// The matrix a person can reach: every preset × every panel × {page, slide,
// slide with the plot alone} × {light, dark} × {1366 × 800, 390 × 844}. In
// each cell, from the DOM's text boxes and the plots' own text boxes (each
// canvas carries the boxes its drawing code wrote, `data-text-boxes`):
// - no text overlaps other text or a plot, none is cut off by its box, and
//   no plot text leaves its canvas or overlaps another plot text;
// - every plot has ink; on a 1280 × 720 slide, a plot gets at least half of
//   the frame, no plot text is below 16 px, and nothing scrolls (at a
//   phone's width a slide embed reads as a page);
// - no link notice and no error box;
// - the status line, each panel's state note and the progress bars agree
//   (everything current once the computation is done).
//
// One page per size, theme and embed kind: the presets are switched inside it
// through the history (Back/Forward's own path), so the matrix stays fast.
//
// One test: node --test --test-name-pattern="slide" tests/e2e/matrix.test.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { serveDuringTests, withPage, drawnPixels, ROOT } from './harness.mjs';

const T = { timeout: 900_000 };
const app = serveDuringTests();

const SIZES = [
  { name: 'desktop', viewport: { width: 1366, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
];
const SLIDE = { width: 1280, height: 720 };
const THEMES = ['light', 'dark'];
const PANELS = ['stragglers', 'encdec', 'digits', 'errors', 'table'];

/** The presets the app defines (src/presets.rs), by id, in order. */
async function presetIds() {
  const src = await readFile(join(ROOT, 'src', 'presets.rs'), 'utf8');
  return [...src.matchAll(/^\s+id: "([a-z0-9-]+)",$/gm)].map((m) => m[1]);
}

/** Waits until every stage shown is computed for the current settings. */
async function settled(page) {
  await page.waitForFunction(
    () => {
      const s = document.querySelector('#status');
      return s && s.dataset.state === 'idle' && s.dataset.results === 'current' && Number(s.dataset.runs) > 0;
    },
    null,
    { timeout: 120_000 },
  );
  // The last redraw after the results arrived.
  await page.evaluate(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok))));
}

/** Shows the state of `query` the way Back and Forward do. */
async function goTo(page, query) {
  await page.evaluate((q) => {
    history.pushState(null, '', q);
    dispatchEvent(new PopStateEvent('popstate'));
  }, query);
  await settled(page);
}

/** Everything wrong in the cell now shown, as sentences (empty: fine). */
async function problems(page, { slide, fullFrame }) {
  return page.evaluate(
    ({ slide, fullFrame }) => {
      const out = [];
      const visible = (el) => {
        const r = el.getBoundingClientRect();
        const st = getComputedStyle(el);
        // (A 1-pixel box is text for screen readers only.)
        return r.width > 2 && r.height > 2 && st.visibility !== 'hidden' && !el.closest('[hidden], .visually-hidden, details:not([open]) > :not(summary)');
      };
      const name = (el) => `${el.tagName.toLowerCase()}${el.id ? '#' + el.id : ''}${el.className && typeof el.className === 'string' ? '.' + el.className.split(' ').join('.') : ''} “${(el.textContent || '').trim().slice(0, 40)}”`;
      if (document.querySelector('#url-notice')) out.push(`a link notice: ${document.querySelector('#url-notice').textContent.slice(0, 120)}`);
      if (document.querySelector('#panic-box')) out.push('the error box is shown');

      // States agree.
      const status = document.querySelector('#status');
      if (status.dataset.results !== 'current') out.push(`status says ${status.dataset.results}`);
      for (const n of document.querySelectorAll('.stage-note')) {
        if (!['current', 'not-shown'].includes(n.dataset.stageState)) out.push(`${n.id} says ${n.dataset.stageState}`);
        if (!n.hidden) out.push(`${n.id} is shown: ${n.textContent}`);
      }
      const sweep = document.querySelector('#sweep-progress');
      if (sweep && !['done', 'none'].includes(sweep.dataset.state)) out.push(`the sweep bar says ${sweep.dataset.state}`);
      const table = document.querySelector('#table-progress');
      if (table && !table.hidden) out.push('the table bar is shown');

      // Text boxes of the DOM: one rectangle per line of each text node.
      const boxes = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let t = walker.nextNode(); t; t = walker.nextNode()) {
        const el = t.parentElement;
        if (!t.textContent.trim() || !el || !visible(el) || el.closest('script, style, option, select, textarea, .plot-tooltip')) continue;
        const range = document.createRange();
        range.selectNodeContents(t);
        // A formula is one text: its parts (an accent over a letter) overlap.
        const whole = el.closest('math') ?? el;
        for (const r of range.getClientRects()) if (r.width > 1 && r.height > 1) boxes.push({ r, el: whole });
      }
      const inter = (a, b) => Math.max(0, Math.min(a.right, b.right) - Math.max(a.left, b.left)) * Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top));
      const overlapX = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left);
      const overlapY = (a, b) => Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
      for (let i = 0; i < boxes.length; i++) {
        for (let j = i + 1; j < boxes.length; j++) {
          const [a, b] = [boxes[i], boxes[j]];
          if (a.el === b.el) continue;
          if (overlapX(a.r, b.r) > 2 && overlapY(a.r, b.r) > 3) {
            out.push(`text overlaps text: ${name(a.el)} and ${name(b.el)}`);
          }
        }
      }
      // Clipped: a text line outside the box of an ancestor that clips it
      // (a scrolling table is fine: it says that it scrolls).
      for (const { r, el } of boxes) {
        for (let a = el; a && a !== document.body; a = a.parentElement) {
          const st = getComputedStyle(a);
          if (st.overflowX === 'visible' && st.overflowY === 'visible') continue;
          if (a.classList.contains('table-scroll') || a.classList.contains('main-area') || a.classList.contains('controls-body')) break;
          const c = a.getBoundingClientRect();
          // (A superscript may rise a few pixels above its line's box.)
          if (r.left < c.left - 1 || r.right > c.right + 1 || r.top < c.top - 4 || r.bottom > c.bottom + 4) {
            out.push(`text cut off by ${name(a)}: ${name(el)}`);
          }
          break;
        }
      }
      // The page itself never scrolls sideways; a slide does not scroll.
      const doc = document.scrollingElement;
      if (doc.scrollWidth > innerWidth + 1) out.push(`the page scrolls sideways (${doc.scrollWidth} > ${innerWidth})`);
      // (At a phone's width a slide reads as a page: no 16:9 frame fits.)
      if (slide && fullFrame && doc.scrollHeight > innerHeight + 1) out.push(`the slide scrolls (${doc.scrollHeight} > ${innerHeight})`);

      // Plots: text inside, no plot text over another, no DOM text over a plot.
      const canvases = [...document.querySelectorAll('canvas')].filter(visible);
      for (const c of canvases) {
        const cr = c.getBoundingClientRect();
        for (const { r, el } of boxes) {
          if (inter(r, cr) > 4) out.push(`text over the plot ${c.id}: ${name(el)}`);
        }
        const texts = JSON.parse(c.dataset.textBoxes || '[]').map(([x, y, w, h, font, text]) => ({ left: x, top: y, right: x + w, bottom: y + h, font, text }));
        for (const t of texts) {
          if (t.left < -1 || t.top < -1 || t.right > cr.width + 1 || t.bottom > cr.height + 1) out.push(`plot text “${t.text}” leaves ${c.id} at (${t.left}, ${t.top})`);
          if (slide && fullFrame && t.font < 15.9) out.push(`plot text “${t.text}” of ${t.font} px in ${c.id}`);
        }
        for (let i = 0; i < texts.length; i++) {
          for (let j = i + 1; j < texts.length; j++) {
            // The boxes are the canvas' text metrics, a few pixels taller
            // than the glyphs: a third of a line is a real overlap.
            const minH = Math.min(texts[i].bottom - texts[i].top, texts[j].bottom - texts[j].top);
            if (overlapX(texts[i], texts[j]) > 2 && overlapY(texts[i], texts[j]) > Math.max(3, 0.35 * minH)) out.push(`plot texts overlap in ${c.id}: “${texts[i].text}” and “${texts[j].text}”`);
          }
        }
        if (slide && fullFrame && cr.width * cr.height < 0.5 * 1280 * 720) {
          out.push(`the plot ${c.id} has ${Math.round((100 * cr.width * cr.height) / (1280 * 720))} % of the slide`);
        }
      }
      return [...new Set(out)];
    },
    { slide, fullFrame },
  );
}

/** Checks that every shown plot has ink. */
async function inked(page, where) {
  const ids = await page.$$eval('canvas', (cs) => cs.filter((c) => c.getBoundingClientRect().width > 0).map((c) => c.id));
  for (const id of ids) {
    assert.ok((await drawnPixels(page, `canvas#${id}`)) > 100, `${where}: ${id} has no ink`);
  }
  return ids.length;
}

/** The query of each preset, as its button loads it (all panels shown too). */
async function presetQueries(page, ids) {
  const names = await page.$$eval('[id^="preset-"]', (bs) => bs.filter((b) => b.tagName === 'BUTTON').map((b) => b.id.slice('preset-'.length)));
  assert.deepEqual(names, ids, 'the page offers exactly the presets of src/presets.rs, in order');
  const out = {};
  for (const id of ids) {
    await page.click(`#preset-${id}`);
    await page.waitForFunction((p) => new URLSearchParams(location.search).get('preset') === p, id);
    out[id] = await page.evaluate(() => location.search);
  }
  return out;
}

function withoutKeys(query, keys) {
  const q = new URLSearchParams(query);
  for (const k of keys) q.delete(k);
  return '?' + q.toString();
}

for (const size of SIZES) {
  for (const theme of THEMES) {
    test(`page, ${size.name}, ${theme}: every preset, its panels and then every panel`, T, async () => {
      const ids = await presetIds();
      assert.ok(ids.length >= 9, `presets read from src/presets.rs: ${ids}`);
      const { name, ...ctx } = size;
      await withPage(`matrix-page-${name}-${theme}`, ctx, async (page) => {
        await page.goto(`${app.appUrl}?v=1&theme=${theme}`);
        await settled(page);
        const queries = await presetQueries(page, ids);
        for (const id of ids) {
          for (const [what, q] of [['its panels', queries[id]], ['every panel', withoutKeys(queries[id], ['panels'])]]) {
            await goTo(page, q);
            const where = `${id}, ${what}, page ${name} ${theme}`;
            assert.ok((await inked(page, where)) > 0, `${where}: no plot`);
            assert.deepEqual(await problems(page, { slide: false, fullFrame: false }), [], where);
          }
          if (id === ids[0] || id === 'lenet') await page.screenshot({ path: join(ROOT, 'test-artifacts', 'screenshots', `matrix-page-${name}-${theme}-${id}.png`), fullPage: true });
        }
      });
    });
  }
}

for (const plotOnly of [false, true]) {
  for (const size of [{ name: 'slide', viewport: SLIDE }, SIZES[1]]) {
    for (const theme of THEMES) {
      const kind = `slide${plotOnly ? ', the plot alone' : ''}, ${size.name === 'slide' ? '1280 × 720' : 'phone'}, ${theme}`;
      test(`${kind}: every panel × every preset`, T, async () => {
        const ids = await presetIds();
        const { name, ...ctx } = size;
        // The presets' links, read from the page.
        const queries = await withPage(`matrix-presets-${name}-${theme}-${plotOnly}`, { viewport: { width: 1366, height: 800 } }, async (page) => {
          await page.goto(`${app.appUrl}?v=1`);
          await settled(page);
          return presetQueries(page, ids);
        });
        for (const panel of PANELS) {
          const embed = (q) => `${withoutKeys(q, ['panels'])}&embed=${panel}&size=slide&theme=${theme}${plotOnly ? '&plot-only=1' : ''}`;
          await withPage(`matrix-${panel}-${name}-${theme}-${plotOnly ? 'plot' : 'text'}`, ctx, async (page) => {
            await page.goto(app.appUrl + embed(queries[ids[0]]));
            await settled(page);
            for (const id of ids) {
              await goTo(page, embed(queries[id]));
              const where = `${id}, ${panel}, ${kind}`;
              // A round panel of the other kind of function says which panel
              // shows it instead of drawing.
              if (panel !== 'table' && (await inked(page, where)) === 0) {
                assert.match(await page.locator('main').textContent(), /This panel shows .* panel \d shows it/, `${where}: no plot and no word why`);
              }
              assert.deepEqual(await problems(page, { slide: true, fullFrame: size.name === 'slide' }), [], where);
            }
          });
        }
      });
    }
  }
}
