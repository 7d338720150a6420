// Slopes done properly, and the statistic shown: the slopes' range of N is
// typed key by key (a half-typed range gets a message in plain words and
// changes nothing; Backspace corrects it), and the legend's slope and 95 %
// interval follow it and agree with the table of plotted values; choosing
// "max error" changes the y axis's words and the plotted values. Neither
// reruns the sweep: both are drawing only.
//
// Run: trunk build --release && node --test tests/e2e/slopes.test.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serveDuringTests, withPage, openApp, linkValue, linkBecomes, typeKeys, openControls } from './harness.mjs';

const app = serveDuringTests();
const T = { timeout: 240_000 };

/** "BACC, p = 0.1 (slope −2.91 [−3.05, −2.77])" → [slope, lo, hi]. */
function slopeOf(label) {
  const m = label.match(/slope (−?[\d.]+) \[(−?[\d.]+), (−?[\d.]+)\]/);
  assert.ok(m, `a slope with its interval in ${JSON.stringify(label)}`);
  return m.slice(1).map((t) => Number(t.replace('−', '-')));
}

/** The curves' legend labels, in order (not the dashed lines'). */
async function legend(page) {
  return page.evaluate(() => [...document.querySelectorAll('#errors-legend button.series-toggle')]
    .filter((b) => !/^(claim|level)-/.test(b.dataset.series))
    .map((b) => b.textContent.trim()));
}

/** The table of plotted values: [curve label, x, value] per row. */
async function tableRows(page) {
  return page.evaluate(() => [...document.querySelectorAll('#errors-data tbody tr')].map((tr) => {
    const cells = [...tr.children].map((c) => c.textContent.trim());
    return [cells[0], cells[1], cells[2]];
  }));
}

/** Records whether the sweep ever runs from now on. */
async function watchSweep(page) {
  await page.evaluate(() => {
    window.sweepRan = false;
    new MutationObserver(() => {
      if (document.querySelector('#sweep-progress')?.dataset.state === 'running') window.sweepRan = true;
    }).observe(document.body, { subtree: true, attributes: true, childList: true });
  });
}

test('the slope range typed key by key changes the legend and the table, the statistic the values, without a rerun', T, async () => {
  await withPage('slopes', { viewport: { width: 1280, height: 900 } }, async (page) => {
    await openApp(page, `${app.appUrl}?v=1&tr=40`);
    await page.waitForFunction(() => document.querySelector('#status')?.dataset.results === 'current', null, { timeout: 120_000 });
    await page.locator('#errors-details').evaluate((d) => (d.open = true));
    const before = await legend(page);
    assert.equal(before.length, 4, JSON.stringify(before));
    const [k0, lo0, hi0] = slopeOf(before[0]);
    assert.ok(lo0 < k0 && k0 < hi0, before[0]);
    const rows0 = await tableRows(page);
    assert.equal(rows0[0][0], before[0], 'the table names the curve as the legend does');
    await watchSweep(page);

    // A half-typed range: a message that names the field, the link unchanged.
    await openControls(page);
    await typeKeys(page, 'slope-range', ['40-1']);
    const message = page.locator('#slope-range-error');
    await message.filter({ hasText: /\S/ }).waitFor({ timeout: 10_000 });
    assert.match(await message.textContent(), /^The slope's range of N must be two numbers of servers/);
    assert.equal(await linkValue(page, 'slope'), null);
    assert.deepEqual(await legend(page), before, 'nothing changes while the range is wrong');
    // Finished, with a slip corrected by Backspace: 40-1600 → 40-160.
    await typeKeys(page, 'slope-range', ['600', { backspace: 1 }], { clear: false, click: false });
    await linkBecomes(page, 'slope', '40-160');
    await page.waitForFunction(() => document.querySelector('#slope-range-error').textContent === '', null, { timeout: 10_000 });
    await page.waitForFunction(
      (old) => document.querySelector('#errors-legend button.series-toggle')?.textContent.trim() !== old,
      before[0],
      { timeout: 10_000 },
    );
    const ranged = await legend(page);
    const [k1, lo1, hi1] = slopeOf(ranged[0]);
    assert.ok(lo1 < k1 && k1 < hi1, ranged[0]);
    assert.notDeepEqual([k1, lo1, hi1], [k0, lo0, hi0]);
    const rows1 = await tableRows(page);
    assert.equal(rows1[0][0], ranged[0], 'the table follows the legend');
    assert.deepEqual(rows1.map((r) => r[2]), rows0.map((r) => r[2]), 'the values are the same');
    assert.match(await page.locator('#errors-notes').textContent(), /fitted over N = 40 to 160 only/);

    // The max error: the y axis's words, the values, the column.
    await page.selectOption('#statistic', 'max');
    await linkBecomes(page, 'stat', 'max');
    await page.waitForFunction(() => /Max error/.test(document.querySelector('#errors-data thead').textContent), null, { timeout: 10_000 });
    const rows2 = await tableRows(page);
    assert.equal(rows2.length, rows0.length);
    assert.notDeepEqual(rows2.map((r) => r[2]), rows0.map((r) => r[2]), 'other values');
    assert.match(await page.locator('#errors-data caption').textContent(), /Max error vs N/);
    assert.match(await page.locator('#errors-plot-summary').textContent(), /Max error vs N/);
    const maxLegend = await legend(page);
    assert.notDeepEqual(maxLegend, ranged);
    assert.equal(rows2[0][0], maxLegend[0]);

    assert.equal(await page.evaluate(() => window.sweepRan), false, 'the sweep did not run again');
    assert.equal(await page.locator('#errors-stage-note').getAttribute('data-stage-state'), 'current');
  });
});
