// End-to-end tests of the playground's behaviour: every control redraws,
// invalid values show a message (never a NaN or a panic), the results table
// equals the `coded` CLI's output, hover tooltips, the LeNet-5 timing, and
// screenshots of the main views at desktop and phone widths.
//
// Run: trunk build --release && node --test tests/e2e/

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtemp, writeFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ROOT,
  startServer,
  withPage,
  openApp,
  canvasHasPixels,
  canvasChanged,
  andWait,
  MAIN_CANVAS,
  noNaN,
  openControls,
  panelNames,
  DESKTOP,
  typeKeys,
} from './harness.mjs';
import { readFileSync } from 'node:fs';

let server;
let scratch;
const CODED = join(ROOT, 'target', 'release', 'coded');

before(async () => {
  server = await startServer();
  scratch = await mkdtemp(join(tmpdir(), 'coded-e2e-cli-'));
  // The CLI the table is compared with (a no-op when it is up to date).
  execFileSync('cargo', ['build', '--release', '-q', '-p', 'coded-cli'], {
    cwd: ROOT,
    stdio: 'inherit',
    timeout: 15 * 60_000,
  });
});
after(async () => {
  await server?.close();
  await rm(scratch, { recursive: true, force: true });
});

const T = { timeout: 120_000 };
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };

const ENCDEC = 'canvas#encdec-plot';
const ERRORS = 'canvas#errors-plot';
const DIGITS = 'canvas#digits-plot';

// The controls a test acted on, by id: "every control changes what is
// drawn" checks that it walked every control the page has.
const walked = new Set();
const touch = (sel) => walked.add(sel.replace(/^#/, ''));

/** Selects `value` in a select. */
const choose = (page, sel, value) => () => (touch(sel), page.selectOption(sel, value));
/** Types `value` into a field key by key, as a person does (what was there first selected and deleted). */
const type = (page, sel, value) => () => (touch(sel), typeKeys(page, sel.replace(/^#/, ''), [value]));
const click = (page, sel) => () => (touch(sel), page.click(sel));

/**
 * Controls this walk leaves to a test of their own, with that test's file:
 * a control whose numbers do not change a drawing (the pool's size), or
 * whose behaviour needs more than one value (a list of values, a range).
 */
const TESTED_ELSEWHERE = {
  workers: 'pool.test.mjs',
  'sweep-values': 'axes.test.mjs',
  'slope-range': 'slopes.test.mjs',
  servers: 'stragglers-by-hand.test.mjs',
  tolerance: 'liars.test.mjs',
  'tolerance-auto': 'liars.test.mjs',
};

async function changes(page, canvas, action, what) {
  assert.ok(await canvasChanged(page, canvas, action, { timeout: 15_000 }), `${what} did not redraw ${canvas}`);
}

test('every control changes what is drawn, without console errors', { timeout: 300_000 }, async () => {
  await withPage('controls', DESKTOP, async (page) => {
    await openApp(page, server.appUrl);
    // Scheme, comparison, function, K, N, point set.
    await changes(page, ENCDEC, choose(page, '#scheme', 'letcc'), 'scheme');
    await changes(page, ERRORS, click(page, '#compare-lcc'), 'compare');
    await changes(page, ENCDEC, choose(page, '#function', 'abs'), 'function');
    await changes(page, ENCDEC, type(page, '#k', '7'), 'K');
    await changes(page, MAIN_CANVAS, type(page, '#n', '50'), 'N');
    await changes(page, ENCDEC, choose(page, '#points', 'equispaced'), 'point set');
    // Straggler models and their parameters.
    await changes(page, MAIN_CANVAS, type(page, '#p', '0.35'), 'p');
    await changes(page, MAIN_CANVAS, choose(page, '#model', 'fixed'), 'model fixed');
    await changes(page, MAIN_CANVAS, type(page, '#s', '9'), 'S');
    await changes(page, MAIN_CANVAS, choose(page, '#model', 'block'), 'model block');
    await changes(page, MAIN_CANVAS, choose(page, '#model', 'deadline'), 'model deadline');
    await changes(page, MAIN_CANVAS, type(page, '#shift', '0.5'), 'shift');
    await changes(page, MAIN_CANVAS, type(page, '#rate', '2'), 'rate');
    await changes(page, MAIN_CANVAS, type(page, '#deadline', '1.2'), 'deadline');
    await changes(page, MAIN_CANVAS, choose(page, '#model', 'iid'), 'model iid');
    // Smoothing (LeTCC is the shown scheme).
    await changes(page, ENCDEC, type(page, '#lambda-enc', '0.01'), 'λ_enc');
    await changes(page, ENCDEC, click(page, '#lambda-dec-auto'), 'λ_dec automatic off');
    await changes(page, ENCDEC, type(page, '#lambda-dec', '0.001'), 'λ_dec');
    await changes(page, ERRORS, choose(page, '#lambda-rule', 'shrink'), 'λ rule');
    // Monte Carlo.
    await changes(page, MAIN_CANVAS, type(page, '#trials', '30'), 'trials');
    await changes(page, ENCDEC, type(page, '#seed', '12'), 'seed');
    await changes(page, ENCDEC, click(page, '#reroll'), 're-roll');
    await changes(page, ERRORS, type(page, '#sweep-ns', '10, 30, 90'), 'sweep N list');
    await changes(page, ERRORS, type(page, '#sweep-ps', '0.2'), 'sweep p list');
    // Noise, and the adversaries with their attack, placement and box.
    await changes(page, ENCDEC, type(page, '#noise', '0.1'), 'noise');
    await changes(page, MAIN_CANVAS, type(page, '#adversaries', '3'), 'adversaries');
    await changes(page, MAIN_CANVAS, choose(page, '#placement', 'block'), 'placement');
    await changes(page, ENCDEC, choose(page, '#attack', 'random'), 'attack');
    // Automatic off keeps the automatic M in the field: the drawing changes
    // with the M typed next.
    await andWait(page, click(page, '#adversaries-bound-auto'));
    await changes(page, ENCDEC, type(page, '#adversaries-bound', '9'), 'box M');
    // A count and an exponent do not go together: the count back to 0 first.
    await changes(page, MAIN_CANVAS, type(page, '#adversaries', '0'), 'no adversaries');
    await changes(page, MAIN_CANVAS, type(page, '#adversaries-exponent', '0.5'), 'adversaries as N^a');
    // Every scheme's comparison box (the page's own list); the shown
    // scheme's is ticked and cannot be unticked (it is always drawn).
    const boxes = await page
      .locator('input[type="checkbox"][id^="compare-"]')
      .evaluateAll((els) => els.map((e) => ({ id: e.id, fixed: e.disabled, checked: e.checked })));
    for (const { id, fixed, checked } of boxes) {
      if (fixed) {
        assert.equal(`compare-${await page.locator('#scheme').inputValue()}`, id, `${id} is fixed`);
        assert.ok(checked, `${id}, the shown scheme's, is ticked`);
        touch(id);
      } else if (id !== 'compare-lcc') {
        await changes(page, ERRORS, click(page, `#${id}`), id);
      }
    }
    // Panel 1's round controls.
    await changes(page, MAIN_CANVAS, click(page, '#step-forward'), 'step forward');
    await changes(page, MAIN_CANVAS, click(page, '#step-back'), 'step back');
    await changes(page, MAIN_CANVAS, type(page, '#trial', '5'), 'round number');
    await changes(page, MAIN_CANVAS, click(page, '#play'), 'play');
    await page.click('#play'); // pause
    assert.equal(await page.locator('#play').getAttribute('data-playing'), 'false');
    assert.equal(await page.getByRole('button', { name: 'Play', exact: true }).count(), 1);
    // Panel 4's tabs and overlay.
    await changes(page, ERRORS, click(page, '#tab-p'), 'error vs p tab');
    await changes(page, ERRORS, click(page, '#tab-lambda'), 'error vs λ tab');
    await changes(page, ERRORS, click(page, '#tab-n'), 'error vs N tab');
    await changes(page, ERRORS, click(page, '#references'), 'claimed rates');
    // LeNet-5: panel 3 draws, panel 2 explains why it does not.
    await choose(page, '#function', 'lenet5')();
    assert.ok(await canvasHasPixels(page, DIGITS, { min: 1000, timeout: 20_000 }));
    assert.match(await page.locator('#encdec-note').textContent(), /Panel 3/);
    await changes(page, DIGITS, type(page, '#k', '5'), 'K with LeNet-5');
    // Your own f, and its degree (LCC's threshold, LCC being compared).
    await changes(page, ERRORS, choose(page, '#function', 'formula'), 'function: your own');
    await changes(page, ENCDEC, type(page, '#formula', 'x^3'), 'formula');
    await changes(page, ERRORS, click(page, '#degree-auto'), 'degree automatic off');
    await changes(page, ERRORS, type(page, '#degree', '5'), 'degree');
    // Every panel can be hidden: the panels are the page's own checkboxes
    // (the registry's), so a new panel is walked the day it exists.
    const panels = await panelNames(page);
    assert.ok(panels.length >= 5, `panels: ${panels}`);
    for (const name of panels) {
      await page.click(`#show-${name}`);
      await page.locator(`#panel-${name}`).waitFor({ state: 'detached' });
      await page.click(`#show-${name}`);
      await page.locator(`#panel-${name}`).waitFor();
    }
    await noNaN(page);
    // Every control the page has was walked, or is tested in the file
    // named (which acts on it): a new control fails here until it is.
    const controls = await page
      .locator('#controls-body :is(input, select, button, [role="slider"])')
      .evaluateAll((els) => els.map((e) => e.id));
    const panelBoxes = new Set(panels.map((name) => `show-${name}`));
    const left = controls.filter((id) => !walked.has(id) && !panelBoxes.has(id) && !TESTED_ELSEWHERE[id]);
    assert.deepEqual(left, [], 'controls neither walked here nor tested elsewhere');
    for (const [id, file] of Object.entries(TESTED_ELSEWHERE)) {
      assert.ok(controls.includes(id), `#${id} is a control of the page`);
      assert.match(readFileSync(new URL(file, import.meta.url), 'utf8'), new RegExp(`['#]${id}'`), `${file} acts on #${id}`);
    }
  });
});

test('a step to the next round redraws the round\'s plots and leaves the error plot alone', T, async () => {
  await withPage('step-redraws', DESKTOP, async (page) => {
    await openApp(page, server.appUrl);
    // Every drawing shown sets its canvas' data-text-boxes: count them.
    await page.evaluate(() => {
      window.__drawn = {};
      new MutationObserver((records) => {
        for (const r of records) window.__drawn[r.target.id] = (window.__drawn[r.target.id] || 0) + 1;
      }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['data-text-boxes'] });
    });
    const drawn = async (action) => {
      await page.evaluate(() => (window.__drawn = {}));
      await andWait(page, action);
      return page.evaluate(() => window.__drawn);
    };
    const step = await drawn(() => page.click('#step-forward'));
    assert.ok(step['stragglers-plot'] >= 1 && step['encdec-plot'] >= 1, `the round's plots: ${JSON.stringify(step)}`);
    assert.equal(step['errors-plot'] ?? 0, 0, `the error plot was drawn again for a new round: ${JSON.stringify(step)}`);
    // The count sees the error plot when its own look changes.
    const look = await drawn(() => page.click('#references'));
    assert.ok(look['errors-plot'] >= 1, `the error plot's look: ${JSON.stringify(look)}`);
  });
});

test('invalid values show a message, keep the last valid state, never NaN or a panic', T, async () => {
  await withPage('invalid', DESKTOP, async (page) => {
    await openApp(page, server.appUrl);
    // K > N: the core's message under K; the plot keeps the last valid state.
    const before = await page.evaluate((s) => document.querySelector(s).toDataURL(), ENCDEC);
    await page.fill('#k', '50');
    await page.locator('#k-error').filter({ hasText: 'K must be a whole number from 1 to N (now 40; at most 1024).' }).waitFor();
    assert.match(await page.locator('#status').textContent(), /waiting to be fixed.*last valid/);
    await page.waitForTimeout(600);
    assert.equal(await page.evaluate((s) => document.querySelector(s).toDataURL(), ENCDEC), before);
    // Fixing N makes K valid again: the message goes.
    await andWait(page, () => page.fill('#n', '80'));
    assert.equal(await page.locator('#k-error').textContent(), '');
    await andWait(page, () => page.fill('#k', '10'));
    // Not a number, out of range, too large λ.
    for (const [sel, value, err, text] of [
      ['#p', '1.5', '#p-error', 'p must be a number from 0 to 1.'],
      ['#trials', '0', '#trials-error', 'The number of trials must be a whole number from 1 to 10000.'],
      ['#lambda-enc', 'abc', '#lambda-enc-error', 'λ_enc must be a number from 0 to 1e300.'],
      ['#lambda-enc', '1e301', '#lambda-enc-error', 'λ_enc must be a number from 0 to 1e300.'],
      ['#sweep-ns', '10, x', '#sweep-ns-error', 'The N values must be whole numbers'],
    ]) {
      await page.fill(sel, value);
      await page.locator(err).filter({ hasText: text }).waitFor();
    }
    await page.fill('#p', '0.2');
    await page.fill('#trials', '20');
    await page.fill('#sweep-ns', '10, 20, 40');
    await andWait(page, () => page.fill('#lambda-enc', '0'));
    // Valid extremes: p = 1 (every server straggles), λ = 0 and 1e300.
    await andWait(page, () => page.fill('#p', '1'));
    const round = page.locator('#results tbody tr').first().locator('td').last();
    assert.match(await round.textContent(), /failed: no server answered/);
    await noNaN(page);
    await andWait(page, () => page.fill('#p', '0.2'));
    await andWait(page, () => page.selectOption('#scheme', 'letcc'));
    await andWait(page, () => page.click('#lambda-dec-auto'));
    for (const [sel, l] of [
      ['#lambda-dec', '0'],
      ['#lambda-dec', '1e300'],
      ['#lambda-enc', '1e300'],
      ['#lambda-enc', '0'],
    ]) {
      await andWait(page, () => page.fill(sel, l));
      assert.notEqual(await page.locator('#status').getAttribute('data-waiting'), 'invalid');
      assert.ok(await canvasHasPixels(page, ENCDEC, { min: 1000 }));
      await noNaN(page);
    }
    // Every server straggling under the S model, and S > N.
    await andWait(page, () => page.selectOption('#model', 'fixed'));
    await andWait(page, () => page.fill('#s', '100'));
    assert.match(await round.textContent(), /failed/);
    await noNaN(page);
  });
});

/** Parses the CLI's sweep CSV into objects keyed by column. */
function parseCsv(text) {
  // The first line, `# ` and the study as JSON, is a comment.
  const [head, ...rows] = text.trim().split('\n').filter((l) => !l.startsWith('#'));
  const cols = head.split(',');
  return rows.map((r) => Object.fromEntries(r.split(',').map((v, i) => [cols[i], v])));
}

function close(a, b, what) {
  if (a === '' || b === '' || a === undefined || b === undefined || a === null || b === null) {
    assert.equal(String(a ?? ''), String(b ?? ''), what);
    return;
  }
  const x = Number(a);
  const y = Number(b);
  assert.ok(Number.isFinite(x) && Number.isFinite(y), `${what}: ${a} vs ${b}`);
  // Exactly equal: the core computes the same bits natively and in wasm (its
  // transcendental functions come from libm, not the platform), even for
  // LCC's ill-conditioned polynomial, which amplifies any last-bit difference.
  assert.equal(x, y, `${what}: app ${a}, CLI ${b}`);
}

/** Compares the results table with `coded sweep` and `coded round`. */
async function tableEqualsCli(page, name) {
  const table = await page.evaluate(() => {
    const t = document.querySelector('#results');
    return {
      config: t.dataset.config,
      trial: Number(t.dataset.trial),
      rows: [...t.querySelectorAll('tbody tr')].map((r) => ({ ...r.dataset })),
    };
  });
  const file = join(scratch, `${name}.json`);
  await writeFile(file, table.config);
  const schemes = table.rows.map((r) => r.scheme).join(',');
  const csv = parseCsv(execFileSync(CODED, ['sweep', '--config', file, '--schemes', schemes], { encoding: 'utf8' }));
  assert.equal(csv.length, table.rows.length);
  const pairs = [
    ['mseMean', 'mse_mean'],
    ['mseStd', 'mse_std'],
    ['rmseMean', 'rmse_mean'],
    ['rmseStd', 'rmse_std'],
    ['relAccMean', 'rel_acc_mean'],
    ['relAccStd', 'rel_acc_std'],
    ['accMean', 'acc_mean'],
    ['accStd', 'acc_std'],
    ['lostMean', 'lost_mean'],
    ['detectionRate', 'detection_mean'],
  ];
  for (const [row, cli] of table.rows.map((r, i) => [r, csv[i]])) {
    assert.equal(row.scheme, cli.scheme);
    assert.equal(row.n, cli.n);
    assert.equal(row.trials, cli.trials);
    assert.equal(row.failures, cli.failures, `${row.scheme} failures`);
    close(row.p, cli.p, `${row.scheme} p`);
    for (const [a, b] of pairs) {
      if (cli[b] === undefined) continue; // accuracy columns: classifiers only
      close(row[a], cli[b], `${row.scheme} ${b}`);
    }
    // The last column is `coded round` of that scheme at the table's trial.
    const cfg = JSON.parse(table.config);
    cfg.scheme = row.scheme;
    const rf = join(scratch, `${name}-${row.scheme}.json`);
    await writeFile(rf, JSON.stringify(cfg));
    const r = JSON.parse(execFileSync(CODED, ['round', '--config', rf, '--trial', String(table.trial)], { encoding: 'utf8' }));
    close(row.roundSe, r.squared_error ?? '', `${row.scheme} round squared_error`);
    // A locating scheme's round: whom it found, missed and wrongly flagged.
    for (const [a, b] of [['roundFound', 'found'], ['roundMissed', 'missed'], ['roundFalseAlarms', 'false_alarms']]) {
      assert.equal(row[a] ?? '', String(r.detection?.[b] ?? ''), `${row.scheme} round ${b}`);
    }
  }
  return table.rows.length;
}

test('the results table equals `coded sweep` and `coded round` for the same config and seed', { timeout: 300_000 }, async () => {
  await withPage('table-cli', DESKTOP, async (page) => {
    // One worker here; 2 and 4 (the pool shares the trials) in the next test.
    await openApp(page, `${server.appUrl}?v=1&w=1`);
    // Every scheme, LCC included (on x·sin x its high-degree polynomial is
    // badly conditioned: a test of bit-identical results).
    await andWait(page, () => page.click('#compare-uncoded'));
    await andWait(page, () => page.click('#compare-lcc'));
    await andWait(page, () => page.fill('#trials', '40'));
    await andWait(page, () => page.fill('#seed', '7'));
    await andWait(page, () => page.fill('#p', '0.3'));
    await andWait(page, () => page.fill('#trial', '6'));
    assert.equal(await tableEqualsCli(page, 'scalar'), 4);
    // Other models and λ settings; LCC on the cubic (exact at its threshold).
    await andWait(page, () => page.selectOption('#function', 'cubic'));
    await andWait(page, () => page.fill('#k', '4'));
    assert.equal(await tableEqualsCli(page, 'cubic'), 4);
    await andWait(page, () => page.selectOption('#model', 'block'));
    await andWait(page, () => page.fill('#s', '8'));
    await andWait(page, () => page.click('#lambda-dec-auto'));
    await andWait(page, () => page.fill('#lambda-dec', '1e-5'));
    assert.equal(await tableEqualsCli(page, 'cubic-block'), 4);
    await andWait(page, () => page.selectOption('#model', 'deadline'));
    assert.equal(await tableEqualsCli(page, 'deadline'), 4);
    // LeNet-5: relative accuracy and accuracy columns too.
    await andWait(page, () => page.selectOption('#model', 'iid'));
    await andWait(page, () => page.fill('#trials', '10'));
    await andWait(page, () => page.fill('#k', '10'));
    await andWait(page, () => page.selectOption('#function', 'lenet5'));
    assert.equal(await tableEqualsCli(page, 'lenet'), 4);
  });
});

test('with liars, the locating schemes\' table (errors and detection) equals `coded sweep` and `coded round`', { timeout: 300_000 }, async () => {
  await withPage('table-cli-liars', DESKTOP, async (page) => {
    // Every attack, the decoder-aware one included, with stragglers and a
    // tolerance the round's answers leave room for.
    await openApp(page, `${server.appUrl}?v=1&w=1&n=80&cmp=bacc,letcc,approxifer,median_drop&adv=3&attack=flip&tol=20&tr=20&seed=5&p=0.1`);
    assert.equal(await tableEqualsCli(page, 'liars-flip'), 4);
    for (const attack of ['random', 'edge', 'stealth']) {
      await andWait(page, () => page.selectOption('#attack', attack));
      assert.equal(await tableEqualsCli(page, `liars-${attack}`), 4);
    }
  });
});

test('with a pool of 2 and 4 workers the table still equals `coded sweep` and `coded round`', { timeout: 300_000 }, async () => {
  await withPage('table-cli-pool', DESKTOP, async (page) => {
    for (const w of [2, 4]) {
      await openApp(page, `${server.appUrl}?v=1&w=${w}&cmp=bacc,letcc,lcc,uncoded&tr=41&seed=7&p=0.3&r=6`);
      const leader = page.workers().find((x) => x.url().endsWith('worker_loader.js'));
      assert.equal(await leader.evaluate(() => self.codedHelpers.length), w - 1, `${w} workers`);
      assert.equal(await tableEqualsCli(page, `pool${w}-scalar`), 4);
      await andWait(page, () => page.selectOption('#model', 'block'));
      assert.equal(await tableEqualsCli(page, `pool${w}-block`), 4);
      await andWait(page, () => page.selectOption('#model', 'iid'));
      await andWait(page, () => page.selectOption('#function', 'lenet5'));
      assert.equal(await tableEqualsCli(page, `pool${w}-lenet`), 4);
    }
  });
});

test('hovering a plot shows the values under the cursor', T, async () => {
  await withPage('hover', DESKTOP, async (page) => {
    await openApp(page, server.appUrl);
    // In view: below the presets' rows its lower part may start under the fold.
    await page.locator(MAIN_CANVAS).scrollIntoViewIfNeeded();
    const box = await page.locator(MAIN_CANVAS).boundingBox();
    // The raster fills the lower part of the straggler canvas.
    await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.75);
    const tip = page.locator('.plot-tooltip');
    await tip.waitFor();
    assert.match(await tip.textContent(), /^trial \d+, server \d+: (straggled|returned); \|F\| = \d+/);
    await page.mouse.move(0, 0);
    await tip.waitFor({ state: 'detached' });
    await page.locator(ERRORS).scrollIntoViewIfNeeded();
    const e = await page.locator(ERRORS).boundingBox();
    await page.mouse.move(e.x + e.width * 0.5, e.y + e.height * 0.35);
    await tip.waitFor();
    assert.match(await tip.textContent(), /N = [\d.]+, MSE/);
  });
});

test('a single LeNet-5 round at N = 256 in headless Chromium (timing, not asserted)', T, async () => {
  // The worker times its round stage (`coded round`'s work: encode, 256 CNN
  // calls, decode, plus the digits view) and the status line shows it as
  // data-round-ms. A new seed draws new inputs, so every round below
  // prepares (runs the CNN) anew; only panels 1 and 3 are computed.
  await withPage('lenet-timing', DESKTOP, async (page) => {
    await openApp(page, `${server.appUrl}?fn=lenet5&n=256&k=10&panels=stragglers,digits`);
    const roundMs = async () => Number(await page.locator('#status').getAttribute('data-round-ms'));
    const times = [await roundMs()];
    for (let seed = 2; seed <= 6; seed++) {
      await andWait(page, () => page.fill('#seed', String(seed)));
      times.push(await roundMs());
    }
    const rest = times.slice(1).sort((a, b) => a - b);
    console.log(
      `LeNet-5 round, N = 256, K = 10 (the worker's round stage): first ${times[0].toFixed(1)} ms ` +
        `(loads the network), then median ${rest[Math.floor(rest.length / 2)].toFixed(1)} ms ` +
        `[${rest.map((t) => t.toFixed(1)).join(', ')}]`,
    );
    assert.ok(times.every((t) => Number.isFinite(t) && t > 0), times.join(', '));
    // The round drawn is that LeNet-5 round.
    assert.ok(await canvasHasPixels(page, DIGITS, { min: 1000 }));
  });
});

/** Screenshots of the three main views at desktop and phone widths. */
for (const [width, options] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
]) {
  test(`screenshots of the default, LeNet-5 and error-vs-N views (${width})`, T, async () => {
    await withPage(`view-default-${width}`, options, async (page) => {
      await openApp(page, server.appUrl);
      assert.ok(await canvasHasPixels(page, ENCDEC, { min: 1000 }));
      assert.ok(await canvasHasPixels(page, ERRORS, { min: 1000 }));
      const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(scroll <= options.viewport.width, `page is ${scroll}px wide`);
    });
    await withPage(`view-lenet5-${width}`, options, async (page) => {
      await openApp(page, server.appUrl);
      await openControls(page);
      await andWait(page, () => page.selectOption('#function', 'lenet5'));
      assert.ok(await canvasHasPixels(page, DIGITS, { min: 1000 }));
      assert.equal(await page.locator('#results thead th', { hasText: 'Relative accuracy' }).count(), 1);
    });
    await withPage(`view-error-vs-n-${width}`, options, async (page) => {
      await openApp(page, server.appUrl);
      await openControls(page);
      // Every panel but the error curves hidden.
      for (const name of await panelNames(page)) {
        if (name !== 'errors' && (await page.locator(`#show-${name}`).isChecked())) {
          await andWait(page, () => page.click(`#show-${name}`));
        }
      }
      await page.locator('#panel-errors').waitFor();
      await page.locator('#panel-errors').scrollIntoViewIfNeeded();
      assert.ok(await canvasHasPixels(page, ERRORS, { min: 1000 }));
    });
  });
}
