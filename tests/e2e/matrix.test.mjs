// The matrix a person can reach: every preset × every panel (as the Embed
// dialog offers them) × {page, slide,
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
import { serveDuringTests, withPage, ROOT } from './harness.mjs';
import { settled, goTo, problems, inked } from './layout.mjs';

const T = { timeout: 900_000 };
const app = serveDuringTests();

const SIZES = [
  { name: 'desktop', viewport: { width: 1366, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
];
const SLIDE = { width: 1280, height: 720 };
const THEMES = ['light', 'dark'];

/** The presets the app defines (src/presets.rs), by id, in order. */
async function presetIds() {
  const src = await readFile(join(ROOT, 'src', 'presets.rs'), 'utf8');
  return [...src.matchAll(/^\s+id: "([a-z0-9-]+)",$/gm)].map((m) => m[1]);
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

/** The panels an embed can show, as the Embed dialog offers them (the
 * registry's order): a new panel is in the matrix the day it exists. */
async function panelNames(page) {
  await page.click('#embed-button');
  await page.locator('#embed-dialog').waitFor();
  const names = await page.$$eval('#embed-panel option', (os) => os.map((o) => o.value));
  await page.keyboard.press('Escape');
  assert.ok(names.length >= 5 && names.includes('errors'), `panels read from the Embed dialog: ${names}`);
  return names;
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
        // The presets' links and the panels, read from the page.
        const { queries, panels } = await withPage(`matrix-presets-${name}-${theme}-${plotOnly}`, { viewport: { width: 1366, height: 800 } }, async (page) => {
          await page.goto(`${app.appUrl}?v=1`);
          await settled(page);
          return { panels: await panelNames(page), queries: await presetQueries(page, ids) };
        });
        for (const panel of panels) {
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
                const note = page.locator('.panel-note').first();
                assert.ok(await note.isVisible(), `${where}: no plot and no word why`);
                assert.match(await note.textContent(), /[Pp]anel \d shows/, `${where}: the note names no panel that shows it`);
              }
              assert.deepEqual(await problems(page, { slide: true, fullFrame: size.name === 'slide' }), [], where);
            }
          });
        }
      });
    }
  }
}
