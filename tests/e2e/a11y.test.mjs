// Accessibility of the release build: axe-core on the main page (light and
// dark), on each preset, on the embed pages and on transient states (a link
// notice, an invalid value, the Embed dialog, a phone-width layout); and the
// text alternatives of the plots (role, name, a summary sentence of the data
// drawn that follows the data) and of the results table.
//
// Why page.evaluate(source) and not addScriptTag: every response carries a
// CSP without 'unsafe-inline', so an injected <script> would be blocked (and
// the blocked load is a console error, which fails the page). Code evaluated
// through the DevTools protocol is not subject to the page's CSP.
//
// No violation of impact "serious" or "critical" is allowed; moderate and
// minor ones are printed (as TAP comments) without failing.
//
// One test: node --test --test-name-pattern="dark" tests/e2e/a11y.test.mjs

import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  ROOT,
  serveDuringTests,
  withPage,
  openApp,
  andWait,
  canvasHasPixels,
  canvasChanged,
  MAIN_CANVAS,
  openControls,
  DESKTOP,
} from './harness.mjs';

const server = serveDuringTests();
let axeSource;
before(async () => {
  axeSource = await readFile(join(ROOT, 'node_modules', 'axe-core', 'axe.min.js'), 'utf8');
});

const T = { timeout: 180_000 };
const PHONE = { viewport: { width: 375, height: 800 } };
const PRESETS = ['probabilistic', 'fixed-s', 'lenet', 'lcc-cliff', 'block', 'deadline'];
const BLOCKING = new Set(['serious', 'critical']);
const EMBEDS = ['?v=1&tr=20&ns=20,40,80&embed=errors&controls=n,p', '?v=1&tr=20&embed=stragglers'];

/** Runs axe on the whole document; returns its violations, trimmed. */
async function scan(page) {
  if (!(await page.evaluate(() => typeof window.axe === 'object'))) await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const r = await window.axe.run(document, { resultTypes: ['violations'] });
    return r.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.map((n) => n.target.join(' ')),
    }));
  });
}

/** One line per rule: id, impact, and up to five target selectors. */
function describe(violations) {
  return violations
    .map((v) => {
      const more = v.targets.length > 5 ? ` … (+${v.targets.length - 5})` : '';
      return `  ${v.id} [${v.impact}] ${v.help}: ${v.targets.slice(0, 5).join(', ')}${more}`;
    })
    .join('\n');
}

/** Scans; prints moderate/minor violations; returns the blocking ones as text. */
async function blockingViolations(page, label) {
  const violations = await scan(page);
  const other = violations.filter((v) => !BLOCKING.has(v.impact));
  if (other.length) console.log(`axe, ${label}: moderate/minor (not failing)\n${describe(other)}`);
  const blocking = violations.filter((v) => BLOCKING.has(v.impact));
  return blocking.length ? `axe, ${label}: serious/critical violations\n${describe(blocking)}` : null;
}

/** Fails on serious/critical violations. */
async function check(page, label) {
  const message = await blockingViolations(page, label);
  assert.equal(message, null, message ?? '');
}

/**
 * Waits until every plot summary holds a settled sentence (not "Computing…"):
 * embed pages have no status line to wait on.
 */
async function summariesSettled(page) {
  await page.waitForFunction(
    () => {
      const all = [...document.querySelectorAll('.plot-summary')];
      return all.length > 0 && all.every((p) => p.textContent.length > 20 && !p.textContent.startsWith('Computing'));
    },
    null,
    { timeout: 60_000 },
  );
}

for (const scheme of ['light', 'dark']) {
  test(`axe: main page, ${scheme} colour scheme`, T, async () => {
    await withPage(`a11y-main-${scheme}`, { ...DESKTOP, colorScheme: scheme }, async (page) => {
      await openApp(page, server.appUrl);
      await check(page, `main (${scheme})`);
    });
  });

  test(`axe: notice, invalid value and Embed dialog at phone width, ${scheme}`, T, async () => {
    await withPage(`a11y-states-${scheme}`, { ...PHONE, colorScheme: scheme }, async (page) => {
      // An ignored link value shows the notice; K > N an error message.
      await openApp(page, `${server.appUrl}?k=abc`);
      await page.locator('#url-notice').waitFor();
      await openControls(page);
      await page.fill('#n', '3');
      await page.locator('#k-error').filter({ hasText: /\S/ }).waitFor();
      await page.click('#embed-button');
      await page.locator('#embed-dialog').waitFor();
      await check(page, `notice + invalid + dialog, phone (${scheme})`);
    });
  });
}

test('axe: your own formula, with a message under its field', T, async () => {
  await withPage('a11y-formula', DESKTOP, async (page) => {
    await openApp(page, `${server.appUrl}?fn=formula&deg=3`);
    await page.fill('#formula', 'sin(3*x');
    await page.press('#formula', 'Enter');
    await page.locator('#formula-error').filter({ hasText: /character 8/ }).waitFor();
    await check(page, 'formula field with a message');
  });
});

test('axe: each preset applied', { timeout: 400_000 }, async () => {
  await withPage('a11y-presets', DESKTOP, async (page) => {
    await openApp(page, server.appUrl);
    const failures = [];
    for (const id of PRESETS) {
      await andWait(page, () => page.click(`#preset-${id}`));
      const message = await blockingViolations(page, `preset ${id}`);
      if (message) failures.push(message);
    }
    assert.deepEqual(failures, [], failures.join('\n'));
  });
});

test('axe: embed pages', T, async () => {
  for (const scheme of ['light', 'dark']) {
    await withPage(`a11y-embed-${scheme}`, { viewport: { width: 700, height: 700 }, colorScheme: scheme }, async (page) => {
      for (const query of EMBEDS) {
        await page.goto(server.appUrl + query);
        assert.ok(await canvasHasPixels(page, 'canvas', { min: 1000, timeout: 30_000 }));
        await summariesSettled(page);
        await check(page, `embed ${query} (${scheme})`);
      }
    });
  }
});

/** Role, name and description of every canvas, and its summary's text. */
function plots(page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('canvas')].map((c) => {
      const ids = (c.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
      const described = ids.map((id) => document.getElementById(id));
      return {
        id: c.id,
        role: c.getAttribute('role'),
        label: c.getAttribute('aria-label') ?? '',
        summaries: described.map((d) => d && { tag: d.tagName, cls: d.className, live: d.getAttribute('aria-live'), text: d.textContent }),
      };
    }),
  );
}

const summaryOf = (page, canvas) => page.locator(`#${canvas}-summary`).textContent();

test('every plot is an image with a name and a summary sentence that follows the data', { timeout: 300_000 }, async () => {
  await withPage('a11y-plot-summaries', DESKTOP, async (page) => {
    await openApp(page, server.appUrl);
    const check = async (expectIds) => {
      const found = await plots(page);
      assert.deepEqual(found.map((p) => p.id).sort(), [...expectIds].sort());
      for (const p of found) {
        assert.equal(p.role, 'img', p.id);
        assert.ok(p.label.length > 20, `${p.id} has a name`);
        assert.equal(p.summaries.length, 1, `${p.id} is described by one element`);
        const [s] = p.summaries;
        assert.ok(s, `${p.id}: its aria-describedby target exists`);
        assert.equal(s.tag, 'P');
        assert.equal(s.cls, 'plot-summary');
        assert.equal(s.live, 'polite');
        assert.ok(s.text.length > 40, `${p.id}: "${s.text}"`);
        assert.doesNotMatch(s.text, /NaN|undefined|Infinity|\binf\b/, p.id);
      }
      // Only the summaries are live among the plots' elements.
      assert.equal(await page.locator('.plot-canvas [aria-live], canvas[aria-live]').count(), 0);
      return Object.fromEntries(found.map((p) => [p.id, p.summaries[0].text]));
    };

    let text = await check(['stragglers-plot', 'encdec-plot', 'errors-plot']);
    assert.match(text['stragglers-plot'], /^Round 1 of 100 \(independent, p = 0\.2\): \d+ of 40 servers straggles?, \d+ answered \(longest run of consecutive stragglers: \d+\); over all 100 rounds, [\d.]+\u00a0% of the servers straggled/);
    assert.match(text['encdec-plot'], /^BACC decoded K = 10 values from \d+ of 40 answers; largest error [\d.e-]+, mean squared error [\d.e-]+\.$/);
    assert.match(text['errors-plot'], /^Mean squared error vs N .*: BACC, p = 0\.1 falls from [\d.e-]+ at N = 10 to [\d.e-]+ at N = 320 \(fitted slope −[\d.]+, 95\s% interval −[\d.]+ to −[\d.]+\)/);

    // The sentence follows the data: the next round, another tab.
    await andWait(page, () => page.click('#step-forward'));
    assert.match(await summaryOf(page, 'stragglers-plot'), /^Round 2 of 100/);
    await andWait(page, () => page.click('#tab-p'));
    assert.match(await summaryOf(page, 'errors-plot'), /vs p .*: BACC rises from .* at p = 0 to .* at p = 0\.9.*the vertical line marks p = 0\.2\.$/);
    // While playing, the straggler summary is not announced at every step.
    await page.click('#play');
    assert.equal(await page.locator('#stragglers-plot-summary').getAttribute('aria-live'), 'off');
    await page.click('#play');
    assert.equal(await page.locator('#stragglers-plot-summary').getAttribute('aria-live'), 'polite');

    // Failures read as words.
    await andWait(page, () => page.fill('#p', '1'));
    text = await check(['stragglers-plot', 'encdec-plot', 'errors-plot']);
    assert.match(text['encdec-plot'], /could not decode this round with 0 of 40 answers: no server answered\./);

    // LeNet-5: the digits panel.
    await andWait(page, () => page.click('#preset-lenet'));
    text = await check(['stragglers-plot', 'digits-plot']);
    assert.match(text['digits-plot'], /^LeTCC: \d+ of the 10 digits shown \(of K = 20\) decoded to the right class \(\d+ agree with the uncoded network.*relative accuracy [\d.]+\u00a0%, accuracy [\d.]+\u00a0%/);
  });
});

test('the results table and the plotted values are real tables with caption and header scopes', T, async () => {
  await withPage('a11y-tables', DESKTOP, async (page) => {
    await openApp(page, server.appUrl);
    await page.click('#errors-details summary');
    for (const table of ['#results', '#errors-data']) {
      const t = await page.evaluate((sel) => {
        const el = document.querySelector(sel);
        return {
          caption: el.caption?.textContent ?? '',
          headScopes: [...el.tHead.querySelectorAll('th')].map((th) => th.getAttribute('scope')),
          rows: [...el.tBodies[0].rows].map((r) => ({ th: r.cells[0].tagName, scope: r.cells[0].getAttribute('scope'), cells: r.cells.length })),
          columns: el.tHead.rows[0].cells.length,
          region: el.parentElement.getAttribute('role'),
          focusable: el.parentElement.tabIndex,
        };
      }, table);
      assert.ok(t.caption.length > 20, `${table} caption: ${t.caption}`);
      assert.ok(t.headScopes.length >= 5 && t.headScopes.every((s) => s === 'col'), `${table} ${t.headScopes}`);
      assert.ok(t.rows.length >= 2, table);
      for (const r of t.rows) {
        assert.equal(r.th, 'TH', table);
        assert.equal(r.scope, 'row', table);
      }
      // Scrolls sideways on a phone: a named, focusable region.
      assert.equal(t.region, 'region');
      assert.equal(t.focusable, 0);
    }
    // The plotted values are the error plot's data: one row per point.
    const points = await page.locator('#errors-data tbody tr').count();
    assert.equal(points, 2 * 2 * 6, 'BACC and LeTCC × p = 0.1, 0.3 × 6 N values');
    assert.ok(await canvasChanged(page, 'canvas#errors-plot', () => page.click('#tab-lambda'), { timeout: 30_000 }));
    await page.waitForFunction(() => document.querySelector('#errors-data caption')?.textContent.includes('λ_dec'));
    assert.ok(await canvasHasPixels(page, MAIN_CANVAS));
  });
});
