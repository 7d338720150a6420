// Adversarial servers, as a person meets them: the preset picked with a
// click in the presets bar (its note, the purple triangles of panel 1 and
// the purple diamonds of panel 2's corrupted answers, counted in their
// sentences); the number of adversaries and the exponent typed key by key,
// the panels following; impossible values (exponent 1, more adversaries
// than servers, a box of 0) refused with a message naming the setting in
// words, and the page still drawn.
//
// Run: trunk build --release && node --test tests/e2e/adversaries.test.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  testFile,
  withPage,
  openApp,
  waitIdle,
  runs,
  linkValue,
  linkBecomes,
  typeKeys,
  openControls,
  canvasHasPixels,
  noNaN,
  DESKTOP,
  SCREENSHOTS,
} from './harness.mjs';
import { join } from 'node:path';

const { server, T } = testFile({ timeout: 300_000 });
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/** The palette's reddish purple, the adversaries' colour in both panels. */
const PURPLE = [0xcc, 0x79, 0xa7];

const summary = (page, id) => page.locator(`#${id}-plot-summary`).textContent();

/** Pixels of a canvas within a small distance of the adversaries' purple. */
function purplePixels(page, selector) {
  return page.evaluate(
    ([sel, [r, g, b]]) => {
      const c = document.querySelector(sel);
      if (!c || c.width === 0) return 0;
      const { data } = c.getContext('2d').getImageData(0, 0, c.width, c.height);
      let n = 0;
      for (let i = 0; i < data.length; i += 4) {
        if (Math.abs(data[i] - r) + Math.abs(data[i + 1] - g) + Math.abs(data[i + 2] - b) < 12) n++;
      }
      return n;
    },
    [selector, PURPLE],
  );
}

/**
 * How many servers the straggler panel calls adversarial, and the encode →
 * decode panel's count of corrupted answers plus the adversaries that
 * straggled (together: the same servers).
 */
async function counts(page) {
  const s = await summary(page, 'stragglers');
  const e = await summary(page, 'encdec');
  const adversarial = s.match(/(\d+) servers? (?:are|is) adversarial/);
  const corrupted = e.match(/\((\d+) of them corrupted by adversarial servers: the purple diamonds(?:; (\d+) more adversarial servers? straggled)?\)/);
  return {
    panel1: adversarial ? Number(adversarial[1]) : 0,
    panel2: corrupted ? Number(corrupted[1]) + Number(corrupted[2] ?? 0) : 0,
    texts: { s, e },
  };
}

/** Waits until both panels count `n` adversaries. */
async function panelsCount(page, n) {
  await page.waitForFunction(
    (want) => {
      const text = (id) => document.querySelector(`#${id}-plot-summary`)?.textContent ?? '';
      const s = text('stragglers');
      const m = s.match(/(\d+) servers? (?:are|is) adversarial/);
      return (m ? Number(m[1]) : 0) === want && document.querySelector('#status').dataset.state === 'idle';
    },
    n,
    { timeout: 60_000 },
  );
  const c = await counts(page);
  assert.equal(c.panel1, n, `panel 1: ${c.texts.s}`);
  assert.equal(c.panel2, n, `panel 2: ${c.texts.e}`);
  if (n === 0) {
    assert.doesNotMatch(c.texts.s + c.texts.e, /adversarial/);
  }
}

/** Clicks the adversarial preset as a person does and waits for its results. */
async function pickPreset(page) {
  const before = await runs(page);
  const button = page.getByRole('button', { name: 'Adversarial servers', exact: true });
  await button.scrollIntoViewIfNeeded();
  await button.click();
  await waitIdle(page, before, { timeout: 120_000 });
  await linkBecomes(page, 'preset', 'adversarial');
}

for (const [size, options] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
]) {
  test(`${size}: the adversarial preset shows its adversaries, their corrupted answers and its note`, T, async () => {
    await withPage(`adversaries-preset-${size}`, options, async (page) => {
      await openApp(page, `${server.appUrl}?v=1`);
      await pickPreset(page);
      const look = await page.locator('#preset-look').textContent();
      assert.ok(look.startsWith('Adversarial servers: '), look.slice(0, 80));
      assert.match(look, /BACC's interpolant passes through every corrupted answer/);
      assert.match(look, /set the exponent to 0\.7/);
      assert.equal(await linkValue(page, 'adv_exp'), '0.3');
      assert.equal(await linkValue(page, 'placement'), 'nearest');
      // γ = ⌈40^0.3⌉ = 4 at the preset's N = 40, in both panels' sentences.
      await panelsCount(page, 4);
      const { texts } = await counts(page);
      assert.match(texts.s, /purple triangles in the round's strip/);
      for (const id of ['stragglers', 'encdec', 'errors']) {
        assert.ok(await canvasHasPixels(page, `canvas#${id}-plot`, { min: 500, timeout: 30_000 }), `${id} has ink`);
      }
      // The marks themselves: purple on panel 1's strip and panel 2's chart.
      for (const id of ['stragglers', 'encdec']) {
        const n = await purplePixels(page, `canvas#${id}-plot`);
        assert.ok(n > 20, `${id}: ${n} purple pixels`);
      }
      // The error plot draws the paper's bound for a = 0.3.
      assert.match(await summary(page, 'errors'), /LeTCC/);
      await page.locator('#panel-encdec').scrollIntoViewIfNeeded();
      await noNaN(page);
    });
  });
}

test('the adversaries typed key by key: the panels follow; impossible values are refused in words', T, async () => {
  await withPage('adversaries-typing', DESKTOP, async (page) => {
    await openApp(page, `${server.appUrl}?v=1`);
    await pickPreset(page);
    await openControls(page);
    await panelsCount(page, 4);

    // A count while the exponent is set: the exponent says it cannot go
    // with a count, in words; emptied, the count "12" holds.
    await typeKeys(page, 'adversaries', ['12']);
    await page.locator('#adversaries-exponent-error').filter({ hasText: /and not with a count\.$/ }).waitFor({ timeout: 10_000 });
    assert.equal(await linkValue(page, 'adv_exp'), '0.3', 'nothing changed yet');
    await typeKeys(page, 'adversaries-exponent', []);
    await linkBecomes(page, 'adv', '12');
    assert.equal(await linkValue(page, 'adv_exp'), null, 'the count replaced the exponent');
    await panelsCount(page, 12);
    // A Backspace leaves "1".
    await typeKeys(page, 'adversaries', [{ backspace: 1 }], { clear: false });
    await linkBecomes(page, 'adv', '1');
    await panelsCount(page, 1);
    assert.match(await summary(page, 'stragglers'), /1 server is adversarial/);
    // 0: none at all.
    await typeKeys(page, 'adversaries', ['0']);
    await linkBecomes(page, 'adv', null);
    await panelsCount(page, 0);

    // The exponent, half-typed ("0." is 0: one adversary), then 0.5:
    // γ = ⌈40^0.5⌉ = 7.
    await typeKeys(page, 'adversaries-exponent', ['0.']);
    await linkBecomes(page, 'adv_exp', '0');
    await panelsCount(page, 1);
    await typeKeys(page, 'adversaries-exponent', ['5'], { clear: false, click: false });
    await linkBecomes(page, 'adv_exp', '0.5');
    await panelsCount(page, 7);

    // Impossible values: a message naming the setting, the last valid
    // value kept, no crash.
    const refused = async (id, keys, key, says) => {
      const kept = await linkValue(page, key);
      await typeKeys(page, id, keys);
      const error = page.locator(`#${id}-error`);
      await error.filter({ hasText: /\S/ }).waitFor({ timeout: 10_000 });
      const text = await error.textContent();
      assert.match(text, says, `#${id}: ${text}`);
      assert.doesNotMatch(text, /[`{}"_]|\.\./, `plain words: ${text}`);
      assert.equal(await linkValue(page, key), kept, `the link keeps ${key}`);
      assert.equal(await page.locator('#panic-box').count(), 0, 'no error box');
      assert.ok(await canvasHasPixels(page, 'canvas#stragglers-plot', { min: 500 }));
    };
    await refused('adversaries-exponent', ['1'], 'adv_exp', /^The adversaries' exponent must be a number from 0 to below 1/);
    // Back to a count of 3, then one above N = 40.
    await typeKeys(page, 'adversaries-exponent', []);
    await linkBecomes(page, 'adv_exp', null);
    await typeKeys(page, 'adversaries', ['3']);
    await linkBecomes(page, 'adv', '3');
    await panelsCount(page, 3);
    await refused('adversaries', ['41'], 'adv', /^The number of adversaries must be .*at most N \(now 40\)/);
    await typeKeys(page, 'adversaries', ['3']);
    await page.waitForFunction(() => document.querySelector('#adversaries-error').textContent === '', null, { timeout: 10_000 });
    // Automatic, the box's field shows the M in use, computed by the worker
    // from the data (the default data's largest |f(x_k)|), never a number
    // it does not use; cleared, it starts from that M.
    const bound = page.locator('#adversaries-bound');
    await page.waitForFunction(() => document.querySelector('#adversaries-bound').value === '1.654', null, { timeout: 10_000 });
    assert.ok(await bound.isDisabled());
    await page.locator('[data-setting="adversaries-bound"]').screenshot({ path: join(SCREENSHOTS, 'adversaries-bound-automatic.png') });
    // A box of 0: the automatic bound cleared, then 0 typed.
    await page.click('#adversaries-bound-auto');
    await linkBecomes(page, 'adv_bound', '1.654');
    await refused('adversaries-bound', ['0'], 'adv_bound', /^The adversaries' bound M must be a number/);
    await typeKeys(page, 'adversaries-bound', ['2']);
    await linkBecomes(page, 'adv_bound', '2');
    await panelsCount(page, 3);
    await noNaN(page);
  });
});
