// Error against any setting, as a person picks it: click the tab of a
// setting (σ, K), type its values key by key (with a slip corrected by
// Backspace), and the plot follows exactly the values typed: the table of
// plotted values lists those x, the link carries them, a value the setting
// does not allow is left out with a note in words, and a value that is not
// a number gets a message by the field.
//
// Run: trunk build --release && node --test tests/e2e/axes.test.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serveDuringTests, withPage, openApp, andWait, linkBecomes, typeKeys, openControls, waitIdle, runs } from './harness.mjs';

const T = { timeout: 300_000 };
const app = serveDuringTests();

/** The x column of the table of plotted values, by curve. */
async function plottedXs(page) {
  return page.evaluate(() => {
    const out = {};
    for (const row of document.querySelectorAll('#errors-data tbody tr')) {
      const cells = row.querySelectorAll('td');
      if (cells.length < 4) continue;
      const curve = row.querySelector('th').textContent;
      (out[curve] ??= []).push(cells[0].textContent);
    }
    return out;
  });
}

/** Waits until the computation that the typing started has finished. */
async function settled(page, before) {
  await page.waitForFunction(() => document.querySelector('#status')?.dataset.waiting === 'none', null, { timeout: 10_000 });
  await waitIdle(page, before, { timeout: 120_000 });
}

test('error vs σ: the curves follow the values typed, key by key', T, async () => {
  await withPage('axes-sigma', { viewport: { width: 1280, height: 900 } }, async (page) => {
    await openApp(page, `${app.appUrl}?v=1&tr=20`);
    await openControls(page);
    assert.equal(await page.locator('#sweep-values').isVisible(), false, 'no values list under error vs N');
    await andWait(page, () => page.click('#tab-sigma'));
    assert.equal(await page.locator('#tab-sigma').getAttribute('aria-selected'), 'true');
    await linkBecomes(page, 'tab', 'sigma');
    // The setting's default values, before any typing.
    assert.equal(await page.locator('#sweep-values').inputValue(), '1e-5,1e-4,1e-3,0.01,0.1,1');
    assert.match(await page.locator('#errors-data caption').textContent(), /vs σ/);
    // A slip ("0.05" for "0.5"), corrected with Backspace.
    const before = await runs(page);
    await typeKeys(page, 'sweep-values', ['0.001,0.01,0.05', { backspace: 2 }, '5']);
    await settled(page, before);
    await linkBecomes(page, 'vals', '1e-3,0.01,0.5');
    const xs = await plottedXs(page);
    assert.deepEqual(Object.keys(xs), ['BACC', 'LeTCC'], JSON.stringify(xs));
    for (const [curve, values] of Object.entries(xs)) {
      assert.deepEqual(values, ['0.001', '0.01', '0.5'], curve);
    }
    // σ = 0 has no place on the log axis: left out, said in words.
    const again = await runs(page);
    await typeKeys(page, 'sweep-values', ['0,0.1']);
    await settled(page, again);
    assert.deepEqual(Object.values(await plottedXs(page)), [['0.1'], ['0.1']]);
    assert.match(await page.locator('#errors-notes').textContent(), /σ = 0 is left out: a logarithmic axis has no place for it\./);
    // Not a number: a message by the field, naming it; the link keeps the last values.
    await typeKeys(page, 'sweep-values', ['0.1,x']);
    await page.locator('#sweep-values-error').filter({ hasText: /\S/ }).waitFor({ timeout: 10_000 });
    assert.match(await page.locator('#sweep-values-error').textContent(), /plotted values/i);
    await linkBecomes(page, 'vals', '0,0.1');
    // Fixed, and then another field typed: every draft is read, the values' too.
    const fixed = await runs(page);
    await typeKeys(page, 'sweep-values', ['0.1,1']);
    await settled(page, fixed);
    const other = await runs(page);
    await typeKeys(page, 'trials', ['12']);
    await settled(page, other);
    assert.equal(await page.locator('#sweep-values-error').textContent(), '');
    await linkBecomes(page, 'tr', '12');
  });
});

test('another tab, then another field: the values list follows the tab and nothing waits', T, async () => {
  await withPage('axes-tab-then-field', { viewport: { width: 1280, height: 900 } }, async (page) => {
    await openApp(page, `${app.appUrl}?v=1&tr=20`);
    await openControls(page);
    await andWait(page, () => page.click('#tab-p'));
    assert.equal(await page.locator('#sweep-values').inputValue(), '0,0.1,0.2,0.3,0.4,0.5,0.6,0.7,0.8,0.9');
    await andWait(page, () => page.fill('#p', '1'));
    assert.equal(await page.locator('#status').getAttribute('data-waiting'), 'none');
    await linkBecomes(page, 'p', '1');
  });
});

test('error vs K: whole values, a K above N left out with a note, an old link still means error vs λ_dec', T, async () => {
  await withPage('axes-k', { viewport: { width: 1280, height: 900 } }, async (page) => {
    await openApp(page, `${app.appUrl}?v=1&tr=20&n=24`);
    await openControls(page);
    await andWait(page, () => page.click('#tab-k'));
    await linkBecomes(page, 'tab', 'k');
    const before = await runs(page);
    await typeKeys(page, 'sweep-values', ['2,5,9', { backspace: 1 }, '10,30']);
    await settled(page, before);
    await linkBecomes(page, 'vals', '2,5,10,30');
    const xs = await plottedXs(page);
    for (const [curve, values] of Object.entries(xs)) {
      assert.deepEqual(values, ['2', '5', '10'], `${curve}: K = 30 is above N = 24`);
    }
    assert.match(await page.locator('#errors-notes').textContent(), /K = 30 is left out: K must be from 1 to N = 24\./);
    assert.match(await page.locator('#errors-data caption').textContent(), /vs K \(N = 24, 20 trials\)/);
    // A K that is not whole: refused by the field.
    await typeKeys(page, 'sweep-values', ['2.5']);
    await page.locator('#sweep-values-error').filter({ hasText: /whole numbers/ }).waitFor({ timeout: 10_000 });
  });
  // Links written before the table of axes keep their meaning.
  await withPage('axes-old-link', {}, async (page) => {
    await openApp(page, `${app.appUrl}?v=1&tr=5&tab=lambda`);
    assert.equal(await page.locator('#tab-lambda').getAttribute('aria-selected'), 'true');
    assert.match(await page.locator('#errors-data caption').textContent(), /λ_dec/);
  });
});
