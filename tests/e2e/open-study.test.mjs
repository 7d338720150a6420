// "Open study…" is all or nothing: hostile study files, each made here from
// a study the page itself saved with its results, are refused in words and
// change nothing: not the controls, the link, the history, the plots'
// sentences, nor the count of runs. The time from choosing the file to
// the refusal is measured by the page's own clock and printed (a test
// that raced the clock would fail on a busy machine, so none is asserted).
// Last, the page's own file opens: the checks above could see a change.
//
// Then a saved study opened on the page passes the layout checks of the
// matrix (layout.mjs), at a desktop's and a phone's width.
//
// Run: trunk build --release && node --test tests/e2e/open-study.test.mjs

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  testFile, withPage, openApp, andWait, linkBecomes, SCREENSHOTS, DESKTOP,
} from './harness.mjs';
import { settled, problems } from './layout.mjs';

const { server, T } = testFile({ timeout: 300_000 });
let scratch;

before(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'coded-e2e-open-study-'));
});
after(async () => {
  await rm(scratch, { recursive: true, force: true });
});

/** What a refused file must leave as it was. */
function pageState(page) {
  return page.evaluate(() => ({
    href: location.href,
    history: history.length,
    controls: [...document.querySelectorAll('input, select, textarea')]
      .filter((e) => e.id && e.type !== 'file')
      .map((e) => [e.id, e.type === 'checkbox' || e.type === 'radio' ? e.checked : e.value]),
    summaries: [...document.querySelectorAll('[id$="-summary"]')].map((e) => [e.id, e.textContent]),
    runs: document.querySelector('#status').dataset.runs,
    saved: document.querySelector('#saved-remove') !== null,
  }));
}

/** Watches the next file chosen: the page's clock at the input's change and
 * when the message says what became of the file. */
function watchNextFile(page) {
  return page.evaluate(() => {
    const t = {};
    window.openStudyTimes = t;
    const input = document.querySelector('#open-study');
    input.addEventListener('change', () => { t.start = performance.now(); }, { once: true, capture: true });
    const message = document.querySelector('#open-study-message');
    const seen = new MutationObserver(() => {
      if (/was not opened|^Opened /.test(message.textContent)) {
        t.end = performance.now();
        seen.disconnect();
      }
    });
    seen.observe(message, { childList: true, characterData: true, subtree: true });
  });
}

/** Chooses `text` as the file `name`; resolves to the page's message and
 * the milliseconds from the choice to it. */
async function choose(page, name, text) {
  const file = join(scratch, name);
  await writeFile(file, text);
  await watchNextFile(page);
  await page.setInputFiles('#open-study', file);
  await page.waitForFunction(() => window.openStudyTimes.end !== undefined, null, { timeout: 30_000 });
  const ms = await page.evaluate(() => window.openStudyTimes.end - window.openStudyTimes.start);
  const message = await page.locator('#open-study-message').textContent();
  return { message, ms };
}

/** The saved study as JSON, changed by `edit`, as text. */
function edited(text, edit) {
  const v = JSON.parse(text);
  edit(v);
  return JSON.stringify(v);
}

test('hostile study files are refused in words, and nothing changes', T, async () => {
  await withPage('open-study-hostile', DESKTOP, async (page) => {
    // The page saves a small study with its results.
    await openApp(page, `${server.appUrl}?v=1&tr=6&k=4&sigma=0.1&ns=8,16&ps=0.1,0.3&cmp=letcc`);
    await page.check('#export-with-results');
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#export-json')]);
    const savedFile = join(scratch, 'saved.json');
    await download.saveAs(savedFile);
    const saved = await readFile(savedFile, 'utf8');
    assert.equal(JSON.parse(saved).results.curves.curves[0].points.length, 2);

    // Other settings: a file wrongly applied would change them.
    await openApp(page, `${server.appUrl}?v=1&tr=10&ns=20,40`);
    const before = await pageState(page);

    const point = { x: 8, p: 0.1, mean: 0.5, std: 0.1, ci_lo: 0.4, ci_hi: 0.6, median: 0.5, q10: 0.2, q90: 0.8, trials: 6, failures: 0 };
    const curves = (v) => v.results.curves.curves;
    const hostile = [
      ['100 000 points', 'points.json',
        edited(saved, (v) => { curves(v)[0].points = Array.from({ length: 100_000 }, () => point); }),
        /^points\.json was not opened\. The file's saved curves are not of its settings: curve 1 has 100000 points, where its settings give at most 2\.$/],
      ['results of another configuration', 'cubic.json',
        edited(saved, (v) => { v.config.function = 'cubic'; }),
        /^cubic\.json was not opened\. The file's saved curves are not of its settings: their title is “Mean squared error vs N \(x·sin x, K = 4, 6 trials\)”, where its settings give “Mean squared error vs N \(x³ − 2x, K = 4, 6 trials\)”\.$/],
      ['p up to 2.56e6', 'p.json',
        edited(saved, (v) => { curves(v)[0].p = 2.56e6; }),
        /curve 1 has p = 2560000, which its settings do not give\.$/],
      ['a negative mean squared error', 'negative.json',
        edited(saved, (v) => { curves(v)[0].points[1].mean = -0.5; }),
        /curve 1 has an error at N = 16 that is negative or not a finite number\.$/],
      ['a non-finite error', 'infinite.json',
        saved.replace('"mean": ', '"mean": 1e999, "was": '),
        /^infinite\.json was not opened\. This file is not a study: not valid JSON: a number is too large \(at line \d+, column \d+\)\.$/],
      ['an invalid formula', 'formula.json',
        edited(saved, (v) => { v.config.function = { expr: 'sin(3*x' }; }),
        /^formula\.json was not opened\. The file's Function f cannot be used: the formula is not valid at the end \(character 8, after “sin\(3\*x”\): “sin\(” is not closed: a “\)” is missing\.$/],
      ['a key given twice', 'twice.json',
        saved.replace('"trials": 6,', '"trials": 6, "trials": 60,'),
        /^twice\.json was not opened\. This file is not a study: the key “trials” appears twice in “config” \(at line \d+, column \d+\)\.$/],
      ['nesting 10 000 deep', 'deep.json',
        `{"config": {}, "results": {"curves": ${'['.repeat(10_000)}${']'.repeat(10_000)}}}`,
        /^deep\.json was not opened\. This file is not a study: not valid JSON: its brackets nest more than 128 deep \(at line 1, column \d+\)\.$/],
      ['20 MB', 'big.json',
        saved + ' '.repeat(20_000_000),
        /^big\.json was not opened\. The file is 20\.\d MB; a study the page writes is at most \d+\.\d MB\.$/],
    ];
    for (const [what, name, text, want] of hostile) {
      const { message, ms } = await choose(page, name, text);
      console.log(`${what} (${(text.length / 1e6).toFixed(1)} MB): refused in ${ms.toFixed(0)} ms: ${message}`);
      assert.match(message, want, what);
      for (const rust of ['`', 'invalid type', 'u64', 'f64', 'usize', 'struct', 'variant', 'EOF']) {
        assert.ok(!message.includes(rust), `${what}: ${message}`);
      }
      // Let a wrong change show: the debounce and a computation would
      // have started by then.
      await page.waitForTimeout(400);
      assert.deepEqual(await pageState(page), before, `${what}: nothing changed`);
    }

    // The page's own file opens: its settings, its saved curves.
    await andWait(page, async () => {
      const { message, ms } = await choose(page, 'saved.json', saved);
      console.log(`the page's own study (${(saved.length / 1e6).toFixed(2)} MB): opened in ${ms.toFixed(0)} ms`);
      assert.match(message, /^Opened saved\.json: its settings, and its saved error curves/);
    });
    await linkBecomes(page, 'tr', '6');
    const after = await pageState(page);
    assert.notEqual(after.href, before.href);
    assert.equal(after.saved, true);
  });
});

// A state a person reaches on the page: a saved study opened, its saved
// curves drawn beside the current ones with their own legend entries. The
// layout checks of the matrix hold there too, at a desktop's and a phone's
// width.
test('a saved study opened: no text overlaps or is cut off, on a desktop and a phone', T, async () => {
  const sizes = [
    ['desktop', DESKTOP],
    ['phone', { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 }],
  ];
  for (const [name, ctx] of sizes) {
    await withPage(`open-study-layout-${name}`, ctx, async (page) => {
      await openApp(page, `${server.appUrl}?v=1&tr=6&k=4&ns=8,16,32&ps=0.1,0.3&cmp=letcc`);
      await page.check('#export-with-results');
      const [download] = await Promise.all([page.waitForEvent('download'), page.click('#export-json')]);
      const file = join(scratch, `layout-${name}.json`);
      await download.saveAs(file);
      await openApp(page, `${server.appUrl}?v=1&tr=10&k=4&ns=8,16,32&ps=0.1,0.3&cmp=letcc`);
      await andWait(page, async () => {
        const { message } = await choose(page, `layout-${name}.json`, await readFile(file, 'utf8'));
        assert.match(message, /^Opened layout/);
      });
      await settled(page);
      await page.locator('#errors-legend button.series-toggle[data-series^="saved-"]').first().waitFor();
      assert.deepEqual(await problems(page, {}), [], `${name}, a saved study opened`);
      await page.screenshot({ path: join(SCREENSHOTS, `open-study-layout-${name}.png`), fullPage: true });
    });
  }
});
