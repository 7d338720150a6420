// Your own f, as a person uses it: choose "your own formula" in the list of
// functions, type a formula key by key (a Backspace correction, a malformed
// intermediate that shows where it is wrong), then a valid one; the link
// carries it, the plots change and name it, a link restores it exactly, a
// formula that is not a finite number fails its rounds with a reason and
// nothing shows NaN.
//
// Run: trunk build --release && node --test tests/e2e/formula.test.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  testFile, withPage, openApp, canvasHasPixels, canvasSnapshot, waitIdle, runs, andWait,
  linkValue as link, linkBecomes, typeKeys, noNaN, DESKTOP,
} from './harness.mjs';

const { server, T } = testFile({ timeout: 300_000 });
const ENCDEC = 'canvas#encdec-plot';
const ERRORS = 'canvas#errors-plot';

const summary = (page, canvas) => page.locator(`${canvas.replace('canvas', '')}-summary`).textContent();

test('a formula typed key by key: the message says where, then the plots and the link follow', T, async () => {
  await withPage('formula-typing', DESKTOP, async (page) => {
    await openApp(page, server.appUrl);
    const field = page.locator('#formula');
    assert.equal(await field.isVisible(), false, 'the formula field shows only when chosen');

    // Choosing "your own formula" shows its field, with the default formula.
    await andWait(page, () => page.selectOption('#function', 'formula'));
    await field.waitFor({ state: 'visible' });
    assert.equal(await field.inputValue(), 'sin(3*x) + x^2');
    assert.equal(await link(page, 'fn'), 'formula');
    assert.ok(await canvasHasPixels(page, ENCDEC));
    assert.match(await summary(page, ENCDEC), /^f\(x\) = sin\(3\*x\) \+ x\^2: BACC decoded/);
    const before = { encdec: await canvasSnapshot(page, ENCDEC), errors: await canvasSnapshot(page, ERRORS) };

    // Type a new formula key by key: a malformed one first ("sin(3*x", with
    // a typo corrected by Backspace on the way).
    let shown = await typeKeys(page, 'formula', ['sin(4', { backspace: 1 }, '3*x']);
    assert.equal(shown, 'sin(3*x');
    const error = page.locator('#formula-error');
    await error.filter({ hasText: /\S/ }).waitFor({ timeout: 10_000 });
    assert.equal(
      await error.textContent(),
      'The formula is not valid at the end (character 8, after “sin(3*x”): “sin(” is not closed: a “)” is missing.',
    );
    assert.equal(await field.inputValue(), 'sin(3*x', 'the field keeps the malformed text');
    assert.equal(await page.locator('#status').getAttribute('data-waiting'), 'invalid');
    assert.equal(await link(page, 'expr'), null, 'the link keeps the last valid formula (the default)');

    // Another malformed one in the middle: the position moves with it.
    shown = await typeKeys(page, 'formula', [') + 3x'], { clear: false, click: false });
    await error.filter({ hasText: 'character 13' }).waitFor({ timeout: 10_000 });
    assert.match(await error.textContent(), /a product needs \*, as in 3\*x/);

    // Fix it into a valid formula: the message goes, the link carries it.
    const runsBefore = await runs(page);
    shown = await typeKeys(page, 'formula', [{ backspace: 2 }, 'x^33', { backspace: 1 }], { clear: false, click: false });
    assert.equal(shown, 'sin(3*x) + x^3');
    await linkBecomes(page, 'expr', 'sin(3*x) + x^3');
    await waitIdle(page, runsBefore, { timeout: 60_000 });
    assert.equal(await error.textContent(), '');
    assert.equal(await field.inputValue(), 'sin(3*x) + x^3');
    assert.equal(await link(page, 'fn'), 'formula');
    assert.equal(await page.locator('#status').getAttribute('data-waiting'), 'none');

    // The plots changed, are drawn, and name the formula.
    assert.ok(await canvasHasPixels(page, ENCDEC));
    assert.ok(await canvasHasPixels(page, ERRORS));
    assert.notEqual(await canvasSnapshot(page, ENCDEC), before.encdec, 'the encode/decode plot changed');
    assert.notEqual(await canvasSnapshot(page, ERRORS), before.errors, 'the error plot changed');
    assert.match(await summary(page, ENCDEC), /^f\(x\) = sin\(3\*x\) \+ x\^3: BACC decoded/);
    assert.match(await summary(page, ERRORS), /Mean squared error vs N \(f\(x\) = sin\(3\*x\) \+ x\^3, K = 10/);
    // The exported configuration is the JSON form.
    const config = JSON.parse(await page.locator('#results').getAttribute('data-config'));
    assert.deepEqual(config.function, { expr: 'sin(3*x) + x^3' });
    await noNaN(page);

    // The link restores it.
    const url = page.url();
    await openApp(page, url);
    assert.equal(await page.locator('#formula').inputValue(), 'sin(3*x) + x^3');
    assert.equal(await page.locator('#url-notice').count(), 0);

    // A built-in and back: the field keeps the formula.
    await andWait(page, () => page.selectOption('#function', 'abs'));
    assert.equal(await page.locator('#formula').isVisible(), false);
    assert.equal(await link(page, 'expr'), null);
    await andWait(page, () => page.selectOption('#function', 'formula'));
    await linkBecomes(page, 'expr', 'sin(3*x) + x^3');
  });
});

test('a link carries any formula text exactly; a formula that is not finite fails with a reason', T, async () => {
  await withPage('formula-link', DESKTOP, async (page) => {
    const text = 'max(x, 1) % 2 + 3 − x && 1 + 0.5';
    await openApp(page, `${server.appUrl}?fn=formula&expr=${encodeURIComponent(text)}`);
    assert.equal(await page.locator('#formula').inputValue(), text);
    assert.equal(await page.locator('#url-notice').count(), 0);
    assert.equal(await link(page, 'expr'), text, 'the page writes it back unchanged');
    assert.ok(await canvasHasPixels(page, ENCDEC));

    // ln(x) at the negative inputs: every round fails, named, no NaN shown.
    const field = page.locator('#formula');
    await field.fill('ln(x)');
    await andWait(page, () => field.press('Enter'));
    await linkBecomes(page, 'expr', 'ln(x)');
    assert.match(await summary(page, ENCDEC), /could not decode this round .*: f is not a finite number at the input x = /);
    const round = page.locator('#results tbody tr').first().locator('td').last();
    assert.match(await round.textContent(), /failed: f is not a finite number/);
    // Why, once per reason: the table's line, and one line under the error
    // plot (not one per point) once its sweep is in.
    assert.match(
      await page.locator('#results-failures li').first().textContent(),
      /^Rounds failed because f\(x\) = ln\(x\) is not a finite number at x = \S+ \(input \d+\), so the error cannot be measured: BACC \d+ of \d+/,
    );
    await page.locator('#errors-notes li', { hasText: 'Every round' }).first().waitFor({ timeout: 60_000 });
    const failedNotes = await page.locator('#errors-notes li', { hasText: 'failed' }).allTextContents();
    assert.equal(failedNotes.length, 1, failedNotes.join('\n'));
    assert.match(failedNotes[0], /^Every round of every point failed: f\(x\) = ln\(x\) is not a finite number at x = /);
    assert.ok(await canvasHasPixels(page, ENCDEC), 'the panel still draws what it can');
    await noNaN(page);

    // A malformed formula in a link: the page has no formula reader, so the
    // worker refuses it; the field shows the text with where it goes wrong,
    // and the panels say that nothing was computed.
    await page.goto(`${server.appUrl}?fn=formula&expr=${encodeURIComponent('2*y + 1')}`);
    const error = page.locator('#formula-error');
    await error.filter({ hasText: /\S/ }).waitFor({ timeout: 10_000 });
    assert.match(await error.textContent(), /^The formula is not valid at character 3 \(after “2\*”\): “y” is not a known name/);
    assert.equal(await page.locator('#formula').inputValue(), '2*y + 1');
    assert.equal(await page.locator('#status').getAttribute('data-waiting'), 'invalid');
    await page.getByText(/Nothing computed: the formula is not valid at character 3/).first().waitFor();
    await noNaN(page);
    // Fixed in the field, it computes.
    const fixed = page.locator('#formula');
    await fixed.fill('2*x + 1');
    await andWait(page, () => fixed.press('Enter'));
    await linkBecomes(page, 'expr', '2*x + 1');
    assert.equal(await error.textContent(), '');
    assert.ok(await canvasHasPixels(page, ENCDEC));
  });
});
