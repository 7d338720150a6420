// End-to-end tests of sharing: the state in the URL (every field, defaults
// for bad values with a notice, replaceState), a copied link restoring the
// same pixels in a fresh browser, embed mode, the example lecture page,
// presets, and export (the exported JSON through the `coded` CLI gives the
// exported CSV's numbers).
//
// One test: node --test --test-name-pattern="lecture" tests/e2e/share.test.mjs

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ROOT,
  DIST,
  startServer,
  withPage,
  openApp,
  canvasHasPixels,
  canvasSnapshot,
  canvasChanged,
  andWait,
  allowClipboard,
  copiedBy,
  linkBecomes,
  MAIN_CANVAS,
  DESKTOP,
} from './harness.mjs';

let server;
let lecture; // serves examples/ and dist/ side by side, as a lecturer would
let scratch;
const CODED = join(ROOT, 'target', 'release', 'coded');
const T = { timeout: 180_000 };

/** The repository's examples/ next to dist/, as a lecturer would host them. */
const startLectureServer = () =>
  startServer({ roots: { '/examples/': join(ROOT, 'examples'), '/dist/': DIST } });

before(async () => {
  server = await startServer();
  lecture = await startLectureServer();
  scratch = await mkdtemp(join(tmpdir(), 'coded-e2e-share-'));
  execFileSync('cargo', ['build', '--release', '-q', '-p', 'coded-cli'], { cwd: ROOT, stdio: 'inherit', timeout: 15 * 60_000 });
});
after(async () => {
  await server?.close();
  await lecture?.close();
  await rm(scratch, { recursive: true, force: true });
});

const value = (page, sel) => page.locator(sel).inputValue();
const checked = (page, sel) => page.locator(sel).isChecked();

// Every Config field away from its default, and every UI key.
const EVERY = {
  v: '1', sc: 'letcc', fn: 'cubic', k: '7', n: '33', pt: 'equispaced', sigma: '0.25', m: 'deadline', a: '0.5', mu: '2', tau: '1.25',
  le: '1e-3', ld: '1e-9', lr: 'shrink', tr: '17', seed: '4242', cmp: 'letcc,lcc', ns: '10,30,90', ps: '0.05,0.5',
  tab: 'p', ref: '0', r: '3', panels: 'stragglers,encdec,errors,table',
};

test('a link with every field set restores the controls, the table and the URL', T, async () => {
  await withPage('share-every-field', DESKTOP, async (page) => {
    const query = new URLSearchParams(EVERY).toString();
    await openApp(page, `${server.appUrl}?${query}`);
    assert.equal(await page.locator('#url-notice').count(), 0, 'no notice for a valid link');
    for (const [sel, v] of [
      ['#scheme', 'letcc'], ['#function', 'cubic'], ['#k', '7'], ['#n', '33'], ['#points', 'equispaced'],
      ['#model', 'deadline'], ['#shift', '0.5'], ['#rate', '2'], ['#deadline', '1.25'], ['#lambda-enc', '1e-3'],
      ['#lambda-dec', '1e-9'], ['#lambda-rule', 'shrink'], ['#trials', '17'], ['#seed', '4242'],
      ['#sweep-ns', '10,30,90'], ['#sweep-ps', '0.05,0.5'], ['#trial', '4'],
    ]) {
      assert.equal(await value(page, sel), v, sel);
    }
    assert.equal(await checked(page, '#lambda-dec-auto'), false);
    assert.equal(await checked(page, '#compare-lcc'), true);
    assert.equal(await checked(page, '#compare-bacc'), false);
    assert.equal(await checked(page, '#references'), false);
    assert.equal(await page.locator('#tab-p').getAttribute('aria-selected'), 'true');
    assert.equal(await page.locator('#panel-digits').count(), 0);
    const cfg = JSON.parse(await page.locator('#results').getAttribute('data-config'));
    assert.deepEqual(cfg, {
      scheme: 'letcc', function: 'cubic', k: 7, n: 33, points: 'equispaced',
      stragglers: { model: 'deadline', shift: 0.5, rate: 2, deadline: 1.25 },
      lambda_enc: 0.001, lambda_dec: 1e-9, lambda_rule: 'shrink', trials: 17, seed: 4242, noise: 0.25,
    });
    assert.deepEqual(
      (await page.locator('#results tbody tr').evaluateAll((rs) => rs.map((r) => r.dataset.scheme))),
      ['letcc', 'lcc'],
    );
    // The page rewrote its URL to the same state (same keys and values).
    const now = Object.fromEntries(new URL(page.url()).searchParams);
    assert.deepEqual(now, { ...EVERY, panels: 'stragglers,encdec,errors,table' });
  });
});

test('each committed change is a history entry and is in the URL; a copied link draws the same pixels elsewhere', T, async () => {
  let link;
  let pixels;
  let config;
  await withPage('share-copy', DESKTOP, async (page, ctx) => {
    await allowClipboard(ctx, server.origin);
    await openApp(page, server.appUrl);
    const length = await page.evaluate(() => history.length);
    await andWait(page, () => page.fill('#n', '60'));
    await andWait(page, () => page.fill('#p', '0.35'));
    await andWait(page, () => page.selectOption('#scheme', 'letcc'));
    await andWait(page, () => page.fill('#seed', '99'));
    // Four changes of four settings: four entries (Back steps through them).
    assert.equal(await page.evaluate(() => history.length), length + 4, 'one entry per committed change');
    const q = new URL(page.url()).searchParams;
    assert.equal(q.get('n'), '60');
    assert.equal(q.get('p'), '0.35');
    assert.equal(q.get('sc'), 'letcc');
    assert.equal(q.get('seed'), '99');
    assert.equal(q.get('v'), '1');
    assert.equal(q.get('k'), null, 'defaults are omitted');
    const clipboard = await copiedBy(page, () => page.click('#copy-link'));
    assert.equal(await page.locator('#copy-status').textContent(), 'Copied.');
    link = await value(page, '#share-link');
    assert.equal(link, page.url());
    assert.equal(clipboard, link, 'the clipboard holds the link');
    pixels = await canvasSnapshot(page, MAIN_CANVAS);
    config = await page.locator('#results').getAttribute('data-config');
  });
  await withPage('share-copy-opened', DESKTOP, async (page) => {
    await openApp(page, link);
    assert.equal(await page.locator('#results').getAttribute('data-config'), config);
    assert.equal(await canvasSnapshot(page, MAIN_CANVAS), pixels, 'the same pixels');
  });
});

test('malformed links: a notice naming each bad value, defaults, no console error, no injected markup', T, async () => {
  await withPage('share-malformed', DESKTOP, async (page) => {
    const long = 'x'.repeat(4_000);
    const query =
      'v=7&k=abc&n=-3&sc=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E&m=iid&p=2&le=1e400&ld=NaN&tr=1.5&seed=1e99' +
      `&ns=5,,zz&ps=-1&tab=%3Cscript%3E&ref=yes&r=-2&panels=%3Cb%3E&bogus=1&${'%3Cscript%3Ealert(1)%3C%2Fscript%3E'}=1` +
      `&fn=${long}`;
    await openApp(page, `${server.appUrl}?${query}`);
    const notice = page.locator('#url-notice');
    await notice.waitFor();
    const text = await notice.textContent();
    for (const key of ['v = ', 'k = ', 'n = ', 'sc = ', 'p = ', 'le = ', 'ld = ', 'tr = ', 'seed = ', 'ns = ', 'ps = ', 'tab = ', 'ref = ', 'r = ', 'panels = ', 'bogus', 'fn = ']) {
      assert.ok(text.includes(key), `the notice names ${key}: ${text}`);
    }
    assert.ok(text.includes('<img src=x onerror=alert(1)>'), 'markup is shown as text');
    assert.ok(text.length < 6000, 'long values are shortened');
    assert.equal(await page.locator('img, main script, #url-notice script, #url-notice b').count(), 0, 'no injected elements');
    const cfg = JSON.parse(await page.locator('#results').getAttribute('data-config'));
    assert.deepEqual(cfg, {
      scheme: 'bacc', function: 'x_sin_x', k: 10, n: 40, points: 'chebyshev', stragglers: { model: 'iid', p: 0.2 },
      lambda_enc: 0, lambda_dec: 'gcv', lambda_rule: 'fixed', trials: 100, seed: 1, noise: 0,
    });
    assert.ok(await canvasHasPixels(page, 'canvas#errors-plot', { min: 1000, timeout: 30_000 }));
    // The bad values are gone from the rewritten URL.
    assert.equal(new URL(page.url()).search, '?v=1');
    await page.click('#url-notice-close');
    await notice.waitFor({ state: 'detached' });
    // K > N in an otherwise valid link: K falls back, at most N.
    await openApp(page, `${server.appUrl}?k=50&n=20`);
    assert.match(await notice.textContent(), /k = “50”: K must be a whole number from 1 to N \(now 20; at most 1024\); using “10”/);
    assert.equal(await value(page, '#k'), '10');
    assert.equal(await value(page, '#n'), '20');
  });
});

test('embed mode shows only the panel and the chosen controls', T, async () => {
  await withPage('share-embed', { viewport: { width: 700, height: 600 } }, async (page) => {
    await page.goto(`${server.appUrl}?v=1&tr=20&embed=stragglers&controls=n,p`);
    assert.ok(await canvasHasPixels(page, MAIN_CANVAS, { min: 1000, timeout: 30_000 }));
    assert.equal(await page.locator('h1').count(), 0, 'no header');
    assert.equal(await page.locator('.panel').count(), 1);
    assert.equal(await page.locator('#panel-stragglers').count(), 1);
    assert.equal(await page.locator('.share').count(), 0);
    assert.ok(await page.locator('#n').isVisible());
    assert.ok(await page.locator('#p').isVisible());
    for (const hidden of ['#k', '#scheme', '#trials', '#show-table']) {
      assert.equal(await page.locator(hidden).isVisible(), false, hidden);
    }
    // The visible control works in the embedded panel, and the URL follows.
    assert.ok(
      await canvasChanged(page, MAIN_CANVAS, () => page.fill('#n', '60'), { timeout: 30_000 }),
      'the embedded control redraws the panel',
    );
    await page.waitForFunction(() => new URLSearchParams(location.search).get('n') === '60');
    assert.equal(new URL(page.url()).searchParams.get('embed'), 'stragglers');
    // No controls: none shown.
    await page.goto(`${server.appUrl}?tr=20&ns=20,40,80&embed=errors`);
    assert.ok(await canvasHasPixels(page, 'canvas#errors-plot', { min: 1000, timeout: 30_000 }));
    assert.equal(await page.locator('.controls').count(), 0);
    assert.equal(await page.locator('.panel').count(), 1);
  });
});

test('the example lecture page renders both embedded panels', T, async () => {
  await withPage('share-lecture', DESKTOP, async (page) => {
    await page.goto(`${lecture.origin}/examples/lecture.html`);
    for (const [id, canvas] of [['#pattern', MAIN_CANVAS], ['#errors', 'canvas#errors-plot']]) {
      const frame = await (await page.locator(`iframe${id}`).elementHandle()).contentFrame();
      assert.ok(await canvasHasPixels(frame, canvas, { min: 1000, timeout: 60_000 }), `${id} drew its panel`);
      assert.equal(await frame.locator('h1').count(), 0);
    }
    // The page sized the iframes from the heights they posted.
    await page.waitForFunction(() => [...document.querySelectorAll('iframe')].every((f) => f.style.height.endsWith('px')), null, { timeout: 10_000 });
  });
});

test('presets apply in one click and say what to look for', { timeout: 300_000 }, async () => {
  await withPage('share-presets', DESKTOP, async (page) => {
    await openApp(page, server.appUrl);
    const expect = {
      probabilistic: { '#sweep-ps': '0.1,0.3,0.5', '#function': 'x_sin_x' },
      'fixed-s': { '#model': 'fixed', '#s': '5' },
      lenet: { '#function': 'lenet5', '#n': '100', '#k': '20', '#s': '40' },
      'lcc-cliff': { '#scheme': 'lcc', '#function': 'cubic', '#k': '4', '#n': '16' },
      block: { '#model': 'block', '#s': '8' },
      deadline: { '#model': 'deadline', '#deadline': '1.5' },
    };
    for (const [id, fields] of Object.entries(expect)) {
      await andWait(page, () => page.click(`#preset-${id}`));
      assert.ok((await page.locator('#preset-look').textContent()).length > 80, id);
      for (const [sel, v] of Object.entries(fields)) assert.equal(await value(page, sel), v, `${id} ${sel}`);
      assert.notEqual(await page.locator('#status').getAttribute('data-waiting'), 'invalid');
    }
  });
});

/** The cells of one CSV line, "quoted" cells (with commas or "") too. */
function csvCells(line) {
  const cells = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted && c === '"' && line[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (c === ',' && !quoted) {
      cells.push(cell);
      cell = '';
    } else {
      cell += c;
    }
  }
  return [...cells, cell];
}

/** Parses CSV without quoted commas (the table export has none). */
function parseCsv(text) {
  // The first line, `# ` and the study as JSON, is a comment.
  const [head, ...rows] = text.trim().split('\n').filter((l) => !l.startsWith('#'));
  const cols = head.split(',');
  return rows.map((r) => Object.fromEntries(r.split(',').map((v, i) => [cols[i], v])));
}

test('the exported study through the CLI gives the exported table and curves; PNG export', { timeout: 300_000 }, async () => {
  await withPage('share-export', DESKTOP, async (page) => {
    await openApp(page, `${server.appUrl}?v=1&sc=letcc&cmp=bacc,letcc,lcc&m=fixed&s=7&tr=30&seed=5&ns=20,40`);
    const save = async (button, name) => {
      const [download] = await Promise.all([page.waitForEvent('download'), page.click(button)]);
      const file = join(scratch, name);
      await download.saveAs(file);
      return file;
    };
    const json = await save('#export-json', 'exported.json');
    const study = JSON.parse(await readFile(json, 'utf8'));
    assert.deepEqual(study.schemes, ['bacc', 'letcc', 'lcc'], 'the study names the compared schemes');
    assert.deepEqual(study.n, [20, 40], 'and the N list');
    assert.ok(Array.isArray(study.p) && study.p.length > 0, 'and the p list');
    const csv = parseCsv(await readFile(await save('#export-table-csv', 'table.csv'), 'utf8'));
    assert.equal(csv.length, 3);
    // The table is at the configuration's own N.
    const cli = parseCsv(
      execFileSync(CODED, ['sweep', '--config', json, '--n', String(study.config.n), '--schemes', csv.map((r) => r.scheme).join(',')], { encoding: 'utf8' }),
    );
    assert.deepEqual(cli, csv, 'the CLI reproduces the exported numbers exactly');
    const tableText = await readFile(join(scratch, 'table.csv'), 'utf8');
    const cliText = execFileSync(CODED, ['sweep', '--config', json, '--n', String(study.config.n), '--schemes', csv.map((r) => r.scheme).join(',')], { encoding: 'utf8' });
    assert.equal(cliText, tableText, 'the same bytes, the study line too');
    // Without options the study reruns the error-vs-N curves.
    const rerun = parseCsv(execFileSync(CODED, ['sweep', '--config', json], { encoding: 'utf8' }));
    const curvesText = await readFile(await save('#export-curves-csv', 'curves.csv'), 'utf8');
    assert.deepEqual(JSON.parse(curvesText.split('\n')[0].replace(/^# /, '')), study,
      'the first line is the exported study');
    assert.match(curvesText.split('\n')[1], /^series,label,scheme,p,.*,slope,slope_lo,slope_hi,statistic,slope_of,slope_n_from,slope_n_to$/);
    const curveRows = curvesText.trim().split('\n').filter((l) => l.startsWith('curve,')).map(csvCells);
    assert.equal(curveRows.length, 6, 'three schemes at two N (a fixed number of stragglers: one curve each)');
    assert.equal(rerun.length, curveRows.length);
    for (const [, , scheme, , n, mean] of curveRows) {
      const row = rerun.find((r) => r.scheme === scheme && r.n === n);
      assert.ok(row, `the rerun has ${scheme} at N = ${n}`);
      assert.equal(Number(row.mse_mean), Number(mean), `${scheme} at N = ${n}: the curve's mean`);
    }
    const [pngDownload] = await Promise.all([page.waitForEvent('download'), page.click('#export-png')]);
    const pngFile = join(scratch, 'plot.png');
    await pngDownload.saveAs(pngFile);
    const png = await readFile(pngFile);
    assert.deepEqual([...png.subarray(0, 4)], [0x89, 0x50, 0x4e, 0x47], 'a PNG file');
    // Redrawn at twice the screen's resolution at least (this screen: 1
    // device pixel per CSS pixel), not a copy of the canvas on screen.
    const id = pngDownload.suggestedFilename().replace(/^coded-/, '').replace(/\.png$/, '');
    const css = await page.evaluate((id) => {
      const r = document.getElementById(id).getBoundingClientRect();
      return { w: r.width, h: r.height, dpr: devicePixelRatio };
    }, id);
    const [w, h] = [png.readUInt32BE(16), png.readUInt32BE(20)];
    const factor = Math.max(2, 2 * css.dpr);
    // Taller by the caption's band (the settings that differ from the
    // defaults): lines of 12 px text.
    const band = h - Math.round(css.h * factor);
    assert.ok(Math.abs(w - css.w * factor) <= 1 && band >= 20 * factor && band <= 120 * factor,
      `${id}: ${w}×${h} PNG for a ${css.w}×${css.h} canvas at ${css.dpr} dpr, with its caption`);
    // The embed dialog's snippet points at this view, one panel.
    await page.click('#embed-button');
    await page.selectOption('#embed-panel', 'table');
    await page.fill('#embed-controls', 'n, trials');
    const snippet = await page.locator('#embed-snippet').inputValue();
    assert.match(snippet, /^<iframe id="coded-table-[0-9a-f]{8}" src="http:\/\/127\.0\.0\.1:\d+\/sub\/dir\/\?v=1&amp;embed=table&amp;controls=n,trials&amp;sc=letcc&amp;/);
    assert.doesNotMatch(snippet, /panels=/);
  });
});

/** `coded` from Python (the package the test command builds into
 * .venv-python): runs `code` and parses what it prints as JSON. */
function fromPython(code) {
  const python = join(ROOT, '.venv-python', 'bin', 'python');
  assert.ok(existsSync(python), `no ${python}: ./scripts/test-python.sh builds the package into it`);
  return JSON.parse(execFileSync(python, ['-c', code], { encoding: 'utf8' }));
}

test('a link from Python opens its study in the page, with the same numbers', T, async () => {
  // A notebook's sweep: its own K, seed, σ, schemes, N and p lists.
  const base = server.appUrl;
  const got = fromPython(`
import json, coded
r = coded.sweep({"k": 6, "seed": 11, "noise": 0.01, "trials": 25}, n=[12, 24, 48], p=[0.1, 0.3],
                schemes=["bacc", "letcc"], progress=False)
rows = [[row.scheme, int(row.n), float(row.p), row.mse_mean] for row in r.to_pandas().itertuples()]
print(json.dumps({"link": r.link(base=${JSON.stringify(base)}), "study": r.study, "rows": rows}))
`);
  assert.ok(got.link.startsWith(`${base}?v=1&`), got.link);
  await withPage('share-python-link', DESKTOP, async (page) => {
    await openApp(page, got.link);
    const save = async (button, name) => {
      const [download] = await Promise.all([page.waitForEvent('download'), page.click(button)]);
      const file = join(scratch, name);
      await download.saveAs(file);
      return readFile(file, 'utf8');
    };
    // The page's own export of what it opened is the notebook's study.
    const study = JSON.parse(await save('#export-json', 'from-python.json'));
    assert.deepEqual(study, got.study);
    // Its curves are the notebook's rows, to the last bit.
    const curves = (await save('#export-curves-csv', 'from-python-curves.csv'))
      .trim().split('\n').filter((l) => l.startsWith('curve,')).map(csvCells);
    assert.equal(curves.length, got.rows.length, 'one curve point per row of the sweep');
    for (const [scheme, n, p, mse] of got.rows) {
      const point = curves.find((c) => c[2] === scheme && Number(c[3]) === p && Number(c[4]) === n);
      assert.ok(point, `the page has ${scheme} at p = ${p}, N = ${n}`);
      assert.equal(Number(point[5]), mse, `${scheme} at p = ${p}, N = ${n}: the page's mean is the notebook's`);
    }
  });
});

test('a study saved with its results opens again: its settings, its curves beside the current ones', T, async () => {
  await withPage('share-open-study', DESKTOP, async (page) => {
    await openApp(page, `${server.appUrl}?v=1&tr=20&ns=20,40&sigma=0.1`);
    await page.check('#export-with-results');
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#export-json')]);
    const file = join(scratch, 'with-results.json');
    await download.saveAs(file);
    const saved = JSON.parse(await readFile(file, 'utf8'));
    assert.equal(saved.config.noise, 0.1);
    assert.equal(saved.results.curves.kind, 'ErrorVsN');
    assert.ok(saved.results.curves.curves.every((c) => c.points.length === 2), 'two N per curve');
    assert.ok(saved.results.table.rows.length > 0, 'the table rows');
    // The CLI reruns such a file and ignores its results.
    execFileSync(CODED, ['sweep', '--config', file], { encoding: 'utf8' });
    // Another view, then the file: its settings, and its curves dash-dotted beside the current ones.
    await openApp(page, `${server.appUrl}?v=1&tr=10&ns=20,40`);
    await andWait(page, () => page.setInputFiles('#open-study', file));
    await linkBecomes(page, 'tr', '20');
    await linkBecomes(page, 'sigma', '0.1');
    await page.locator('#saved-remove').waitFor();
    assert.match(await page.locator('#open-study-message').textContent(), /^Opened with-results\.json: /);
    await page.waitForFunction(() => document.querySelector('#errors-plot-summary').textContent.includes('saved: '));
    // Each saved curve has a button of its own in the legend, dash-dotted
    // where every claimed rate is dashed; it hides the saved curve alone.
    const savedKeys = '#errors-legend button.series-toggle[data-series^="saved-"]';
    const savedButton = page.locator(savedKeys).first();
    await savedButton.waitFor();
    assert.match(await savedButton.textContent(), /^\s*saved: /);
    assert.equal(await savedButton.locator('line').getAttribute('stroke-dasharray'), '6 2.5 2 2.5');
    const others = await page.$$eval('#errors-legend button.series-toggle:not([data-series^="saved-"]) line',
      (lines) => lines.map((l) => l.getAttribute('stroke-dasharray')));
    assert.ok(others.length > 0 && !others.includes('6 2.5 2 2.5'), others.join(' | '));
    const current = (await savedButton.getAttribute('data-series')).slice('saved-'.length);
    await savedButton.click();
    await linkBecomes(page, 'hide', `saved-${current}`);
    assert.equal(await savedButton.getAttribute('aria-pressed'), 'false');
    assert.equal(await page.locator(`#errors-legend button[data-series="${current}"]`).getAttribute('aria-pressed'), 'true');
    await savedButton.click();
    await linkBecomes(page, 'hide', null);
    // Removed: the plot is the current run's alone.
    await page.click('#saved-remove');
    await page.waitForFunction(() => !document.querySelector('#errors-plot-summary').textContent.includes('saved: '));
    assert.equal(await page.locator('#saved-remove').count(), 0);
    assert.equal(await page.locator(savedKeys).count(), 0);
    // A bad file: a message in words, and nothing changes.
    const bad = join(scratch, 'bad-study.json');
    await writeFile(bad, '{"config": {"k": 50, "n": 40}}');
    const before = page.url();
    await page.setInputFiles('#open-study', bad);
    await page.waitForFunction(() => /was not opened/.test(document.querySelector('#open-study-message').textContent));
    assert.match(await page.locator('#open-study-message').textContent(), /K \(inputs\) cannot be used: got 50/);
    assert.equal(page.url(), before);
  });
});

test('every plot shown exports as an SVG document of its size, with its text as text', T, async () => {
  await withPage('share-svg', DESKTOP, async (page) => {
    await openApp(page, `${server.appUrl}?v=1&tr=20&ns=20,40,80`);
    const shown = await page.evaluate(() =>
      [...document.querySelectorAll('canvas[id]')]
        .filter((c) => c.getBoundingClientRect().width > 0)
        .map((c) => {
          const r = c.getBoundingClientRect();
          return { id: c.id, w: Math.round(r.width), h: Math.round(r.height) };
        }),
    );
    assert.ok(shown.length >= 3, `plots shown: ${shown.map((s) => s.id)}`);
    const downloads = [];
    page.on('download', (d) => downloads.push(d));
    await page.click('#export-svg');
    for (let i = 0; i < 100 && downloads.length < shown.length; i++) await page.waitForTimeout(100);
    assert.equal(downloads.length, shown.length, 'one SVG per plot shown');
    for (const d of downloads) {
      const id = d.suggestedFilename().replace(/^coded-/, '').replace(/\.svg$/, '');
      const plot = shown.find((s) => s.id === id);
      assert.ok(plot, `${d.suggestedFilename()} is a plot shown`);
      const file = join(scratch, d.suggestedFilename());
      await d.saveAs(file);
      const svg = await readFile(file, 'utf8');
      // Parsed as XML by the browser: a well-formed SVG of the plot's CSS size,
      // lines as vectors and labels as text elements (not a bitmap).
      const parsed = await page.evaluate((text) => {
        const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
        const root = doc.documentElement;
        return {
          error: doc.querySelector('parsererror')?.textContent ?? null,
          name: root.nodeName,
          w: Number(root.getAttribute('width')),
          h: Number(root.getAttribute('height')),
          texts: [...doc.querySelectorAll('text')].map((t) => t.textContent),
          shapes: doc.querySelectorAll('polyline, path, line, rect, circle, polygon').length,
          images: doc.querySelectorAll('image').length,
        };
      }, svg);
      assert.equal(parsed.error, null, `${id}: well-formed`);
      assert.equal(parsed.name, 'svg');
      // Taller by the caption's band, which names the settings changed.
      assert.ok(Math.abs(parsed.w - plot.w) <= 1 && parsed.h - plot.h >= 20 && parsed.h - plot.h <= 120,
        `${id}: ${parsed.w}×${parsed.h} for a ${plot.w}×${plot.h} plot and its caption`);
      // Its lines (wrapped at spaces), drawn before the plot.
      assert.match(parsed.texts.join(' '), /Settings other than the defaults: .*Trials = 20; N values = 20, 40, 80\./,
        `${id}: the caption names the trials and the N values`);
      assert.ok(parsed.texts.length >= 3, `${id}: labels as text (${parsed.texts.length})`);
      assert.ok(parsed.shapes >= 10, `${id}: vector shapes (${parsed.shapes})`);
      assert.equal(parsed.images, 0, `${id}: no embedded bitmap`);
      if (id === 'errors-plot') {
        assert.ok(parsed.texts.some((t) => /error/i.test(t)), `${id}: its axis title (${parsed.texts.slice(0, 8)})`);
      }
    }
  });
});
