// Finding the liars: ApproxIFER compared with BACC against one flipping
// adversary and no stragglers. Its tolerance, typed key by key after
// switching "automatic" off, changes what it finds: at N = 160 the
// automatic e (at most 10) leaves the liar in most rounds, e = 70 (what
// 160 answers leave room for) finds it, and the plotted error falls to
// BACC's with the liar dropped, far below BACC's with it.
//
// Run: trunk build --release && node --test tests/e2e/liars.test.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serveDuringTests, withPage, openApp, linkBecomes, typeKeys, openControls, noNaN } from './harness.mjs';

const app = serveDuringTests();
const T = { timeout: 240_000 };

/** The table of plotted values: [curve label, x, value] per row. */
async function tableRows(page) {
  return page.evaluate(() => [...document.querySelectorAll('#errors-data tbody tr')].map((tr) => {
    const cells = [...tr.children].map((c) => c.textContent.trim());
    return [cells[0], cells[1], cells[2]];
  }));
}

/** The plotted value of the curve whose label starts with `scheme`, at N. */
async function valueAt(page, scheme, n) {
  const row = (await tableRows(page)).find(([label, x]) => label.startsWith(scheme) && x === String(n));
  assert.ok(row, `${scheme} at N = ${n} in ${JSON.stringify(await tableRows(page))}`);
  return Number(row[2].replace('−', '-').replace(/\s/g, ''));
}

async function current(page) {
  await page.waitForFunction(() => document.querySelector('#status')?.dataset.results === 'current', null, { timeout: 120_000 });
}

test('the tolerance typed key by key changes what ApproxIFER finds, and the error it plots', T, async () => {
  await withPage('liars', { viewport: { width: 1280, height: 900 } }, async (page) => {
    await openApp(page, `${app.appUrl}?v=1&n=160&cmp=bacc,approxifer&adv=1&attack=flip&m=fixed&s=0&ns=40,160&tr=20`);
    await current(page);
    await page.locator('#errors-details').evaluate((d) => (d.open = true));
    const bacc = await valueAt(page, 'BACC', 160);
    const automatic = await valueAt(page, 'ApproxIFER', 160);
    await openControls(page);
    assert.equal(await page.locator('#tolerance-auto').isChecked(), true, 'automatic at first');
    await page.click('#tolerance-auto');
    await typeKeys(page, 'tolerance', ['700', { backspace: 1 }]);
    await linkBecomes(page, 'tol', '70');
    // The new sweep's rows, once they are back.
    await page.waitForFunction((before) => {
      const row = [...document.querySelectorAll('#errors-data tbody tr')]
        .map((tr) => [...tr.children].map((c) => c.textContent.trim()))
        .find((cells) => cells[0].startsWith('ApproxIFER') && cells[1] === '160');
      return document.querySelector('#status')?.dataset.results === 'current' && row && row[2] !== before;
    }, String(automatic), { timeout: 120_000 });
    const located = await valueAt(page, 'ApproxIFER', 160);
    assert.ok(located < automatic / 100, `e = 70: ${located}, automatic: ${automatic}`);
    assert.ok(located < bacc / 100, `e = 70: ${located}, BACC: ${bacc}`);
    await noNaN(page);
  });
});

test('the preset "Finding the liars" by a click: locating wins with few liars, smoothing with many, and the stealth attack hides them', T, async () => {
  await withPage('liars-preset', { viewport: { width: 1280, height: 900 } }, async (page) => {
    await openApp(page, app.appUrl);
    await current(page);
    await page.click('#preset-liars');
    await linkBecomes(page, 'preset', 'liars');
    await page.waitForFunction(() => document.querySelector('#status')?.dataset.results === 'current'
      && [...document.querySelectorAll('#errors-data tbody tr')].some((tr) => tr.children[0]?.textContent.trim().startsWith('ApproxIFER')), null, { timeout: 180_000 });
    await page.locator('#errors-details').evaluate((d) => (d.open = true));
    // Error vs γ: the x column holds the number of adversaries.
    for (const g of [1, 2, 3]) {
      const [a, b, l] = [await valueAt(page, 'ApproxIFER', g), await valueAt(page, 'BACC', g), await valueAt(page, 'LeTCC', g)];
      assert.ok(a < 1e-4 && a < l / 100 && a < b / 100, `γ = ${g}: ApproxIFER ${a}, BACC ${b}, LeTCC ${l}`);
    }
    for (const g of [20, 35, 50]) {
      const [a, l] = [await valueAt(page, 'ApproxIFER', g), await valueAt(page, 'LeTCC', g)];
      assert.ok(l < a, `γ = ${g}: LeTCC ${l} below ApproxIFER ${a}`);
    }
    // The table (the configured γ = 3): ApproxIFER's detection columns.
    const row = page.locator('tr[data-scheme="approxifer"]').first();
    const rate = Number(await row.getAttribute('data-detection-rate'));
    assert.ok(rate > 0.9, `detection rate ${rate}`);
    const found = Number(await row.getAttribute('data-round-found'));
    const missed = Number(await row.getAttribute('data-round-missed'));
    assert.equal(found + missed, 3, 'three liars answered in the round shown');
    await noNaN(page);

    // The attack a person picks next: the stealthy one.
    const before = String(await valueAt(page, 'ApproxIFER', 3));
    await openControls(page);
    await page.selectOption('#attack', 'stealth');
    await linkBecomes(page, 'attack', 'stealth');
    await page.waitForFunction((old) => {
      const r = [...document.querySelectorAll('#errors-data tbody tr')]
        .map((tr) => [...tr.children].map((c) => c.textContent.trim()))
        .find((cells) => cells[0].startsWith('ApproxIFER') && cells[1] === '3');
      return document.querySelector('#status')?.dataset.results === 'current' && r && r[2] !== old;
    }, before, { timeout: 180_000 });
    for (const g of [1, 5, 20, 50]) {
      const [a, b] = [await valueAt(page, 'ApproxIFER', g), await valueAt(page, 'BACC', g)];
      assert.ok(a <= 1.5 * b && b <= 1.5 * a, `stealth, γ = ${g}: ApproxIFER ${a} near BACC ${b}`);
    }
    const stealthRate = Number(await page.locator('tr[data-scheme="approxifer"]').first().getAttribute('data-detection-rate'));
    assert.ok(stealthRate <= 0.15, `stealth detection rate ${stealthRate}`);
    await noNaN(page);
  });
});
