// Every view knows about detection: ApproxIFER against three flipping
// adversaries at N = 40, round 5, where it catches two, misses one and
// flags an honest server. At desktop and at phone width, panel 1's and
// panel 2's sentences name the caught, the missed and the false alarm with
// the counts the results table gives for the same round (its detection
// columns shown because ApproxIFER locates), and the panels are saved as
// screenshots to look at (WORK_TMP, /work/tmp by default: marks-*.png).
//
// Run: trunk build --release && node --test tests/e2e/detection_marks.test.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { testFile, withPage, openApp, canvasHasPixels, noNaN, DESKTOP } from './harness.mjs';

const { server, T } = testFile({ timeout: 240_000 });
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const SHOTS = process.env.WORK_TMP || '/work/tmp';

// The round of crates/coded-panels' tests (testing::MIXED, trial 4).
const LINK = '?v=1&n=40&sc=approxifer&cmp=bacc,approxifer&adv=3&attack=flip&m=fixed&s=4&tr=12&r=4&ns=20,40';

const summary = (page, id) => page.locator(`#${id}-plot-summary`).textContent();

/** The counts a panel's sentence gives, or null when it names none. */
function flagged(sentence) {
  const m = sentence.match(
    /ApproxIFER flagged (nobody|(\d+) servers?): (\d+) (?:adversary|adversaries) caught, (\d+) missed, (\d+) honest servers? wrongly flagged/,
  );
  if (!m) return null;
  return { flagged: Number(m[2] ?? 0), found: Number(m[3]), missed: Number(m[4]), falseAlarms: Number(m[5]) };
}

/** ApproxIFER's row of the results table: its data and its cells by heading. */
async function tableRow(page) {
  return page.evaluate(() => {
    const headings = [...document.querySelectorAll('#results thead th')].map((th) => th.textContent.trim());
    const tr = document.querySelector('#results tbody tr[data-scheme="approxifer"]');
    if (!tr) return null;
    const cells = [...tr.children].map((c) => c.textContent.trim());
    return {
      headings,
      cells: Object.fromEntries(headings.map((h, i) => [h, cells[i]])),
      found: Number(tr.dataset.roundFound),
      missed: Number(tr.dataset.roundMissed),
      falseAlarms: Number(tr.dataset.roundFalseAlarms),
      rate: tr.dataset.detectionRate,
    };
  });
}

for (const [size, options] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
]) {
  test(`${size}: both panels name whom ApproxIFER caught, missed and wrongly flagged, as the table counts them`, T, async () => {
    await withPage(`detection-marks-${size}`, options, async (page) => {
      await openApp(page, `${server.appUrl}${LINK}`);
      await page.waitForFunction(
        () => document.querySelector('#status')?.dataset.results === 'current' && document.querySelector('#results tbody tr[data-scheme="approxifer"]'),
        null,
        { timeout: 120_000 },
      );
      const row = await tableRow(page);
      assert.ok(row, 'ApproxIFER has a row');
      for (const h of ['Detection rate (mean)', 'This round: found / missed / false alarms']) {
        assert.ok(row.headings.includes(h), `${h} in ${row.headings}`);
      }
      // The round the core computes for this link (coded round --trial 4).
      assert.deepEqual([row.found, row.missed, row.falseAlarms], [2, 1, 1]);
      assert.equal(row.cells['This round: found / missed / false alarms'], `${row.found} / ${row.missed} / ${row.falseAlarms}`);
      const rate = Number(row.rate);
      assert.ok(rate > 0 && rate < 1, `a mean rate: ${row.rate}`);
      assert.equal(row.cells['Detection rate (mean)'].replace(/\s/g, ' '), `${(rate * 100).toFixed(1)} %`);

      await mkdir(SHOTS, { recursive: true });
      for (const id of ['stragglers', 'encdec']) {
        const sentence = await summary(page, id);
        const counts = flagged(sentence);
        assert.ok(counts, `${id}: ${sentence}`);
        assert.deepEqual(
          [counts.found, counts.missed, counts.falseAlarms],
          [row.found, row.missed, row.falseAlarms],
          `${id}: ${sentence}`,
        );
        assert.equal(counts.flagged, row.found + row.falseAlarms, sentence);
        assert.match(sentence, /a target around each adversary caught, a dashed ring around each adversary missed, a square around each honest server wrongly flagged/);
        assert.ok(await canvasHasPixels(page, `canvas#${id}-plot`, { min: 500, timeout: 30_000 }), `${id} has ink`);
        const panel = page.locator(`#panel-${id}`);
        await panel.scrollIntoViewIfNeeded();
        await panel.screenshot({ path: join(SHOTS, `marks-${size}-${id}.png`) });
      }
      await noNaN(page);
    });
  });
}
