// Click-to-straggle and noisy servers, as a person uses them: find a server
// by pointing at it (the tooltip names it), click it; reach the plot with
// Tab and toggle servers with the arrow keys, Enter and Space; type a list
// of servers and a noise σ key by key; pick the new presets. The server a
// person is on is one: after a tap, a click, the arrow keys or the picked-
// server bar's arrows, the frame, the slider's value and the words agree.
//
// Run: trunk build --release && node --test tests/e2e/stragglers-by-hand.test.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  testFile, withPage, openApp, canvasChanged, canvasSnapshot, waitIdle, runs, linkValue, linkBecomes, typeKeys,
  DESKTOP, SCREENSHOTS, tapMiddleServer,
} from './harness.mjs';
import { join } from 'node:path';

const { server, T } = testFile({ timeout: 300_000 });
const PLOT = 'canvas#stragglers-plot';

const link = linkValue;

/**
 * Moves the pointer along the round's strip (the top part of the plot)
 * until the tooltip names `server`; returns its text and where it is.
 */
async function pointAt(page, serverIndex) {
  const box = await page.locator(PLOT).boundingBox();
  const y = box.y + box.height * 0.22;
  for (let x = box.x + 2; x < box.x + box.width - 2; x += 2) {
    await page.mouse.move(x, y);
    const tip = page.locator('.plot-tooltip');
    if (!(await tip.count())) continue;
    const text = await tip.textContent();
    if (text.startsWith(`server ${serverIndex} (`)) return { text, x, y };
  }
  throw new Error(`no tooltip for server ${serverIndex}`);
}

/** The plot's pixels once they stop changing (a redraw takes a few frames). */
async function stillPlot(page) {
  let last = await canvasSnapshot(page, PLOT);
  for (let same = 0; same < 3;) {
    await new Promise((ok) => setTimeout(ok, 150));
    const now = await canvasSnapshot(page, PLOT);
    same = now === last ? same + 1 : 0;
    last = now;
  }
  return last;
}

/**
 * The plot with the frame put on `server` by the keyboard (Home, then → as
 * many times): what the frame on that server looks like, to compare with.
 */
async function framedByKeys(page, server) {
  await page.locator('#server-picker').focus();
  await page.keyboard.press('Home');
  for (let i = 0; i < server; i++) await page.keyboard.press('ArrowRight');
  return stillPlot(page);
}

/** The slider's value and words, and the picked-server bar's words. */
async function onServer(page) {
  const picker = page.locator('#server-picker');
  return {
    now: await picker.getAttribute('aria-valuenow'),
    text: await picker.getAttribute('aria-valuetext'),
    bar: await page.locator('#server-pick-text').textContent(),
  };
}

const downList = async (page) => ((await link(page, 'down')) ?? '').split(',').filter(Boolean).map(Number);

test('a click toggles a server, the keyboard does the same, and the panels follow', T, async () => {
  await withPage('stragglers-by-hand', DESKTOP, async (page) => {
    await openApp(page, `${server.appUrl}?n=20&k=5&p=0.3`);
    await waitIdle(page, 0);

    // Point at server 7 and click it: it flips, the rest of the pattern stays.
    const before = await pointAt(page, 7);
    const wasDown = before.text.includes('straggled');
    const encdecChanged = canvasChanged(page, 'canvas#encdec-plot', async () => {
      await page.mouse.click(before.x, before.y);
      await linkBecomes(page, 'm', 'manual');
    });
    assert.ok(await encdecChanged, 'the encode → decode panel redraws');
    let down = await downList(page);
    assert.equal(down.includes(7), !wasDown, `server 7 flipped: ${down}`);
    assert.equal(await page.locator('#model').inputValue(), 'manual');
    assert.equal(await page.locator('#servers').inputValue(), down.join(','));
    const after = await pointAt(page, 7);
    assert.equal(after.text.includes('straggled'), !wasDown, after.text);

    // Keyboard: Tab from the round field reaches the plot; → moves a frame.
    await page.click('#trial');
    await page.keyboard.press('Tab');
    const picker = page.locator('#server-picker');
    assert.equal(await page.evaluate(() => document.activeElement.id), 'server-picker');
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight', { delay: 50 });
    assert.equal(await picker.getAttribute('aria-valuenow'), '3');
    const three = down.includes(3);
    assert.match(await picker.getAttribute('aria-valuetext'), three ? /server 3: straggles/ : /server 3: answers/);
    await page.keyboard.press('Enter');
    await page.waitForFunction(
      (want) => new URLSearchParams(location.search).get('down')?.split(',').includes('3') === want
        || (!want && !new URLSearchParams(location.search).has('down')),
      !three,
    );
    down = await downList(page);
    assert.equal(down.includes(3), !three, 'Enter toggled server 3');
    assert.match(await picker.getAttribute('aria-valuetext'), three ? /answers/ : /straggles/);
    await page.keyboard.press(' ');
    await page.waitForFunction(
      (want) => (new URLSearchParams(location.search).get('down') ?? '').split(',').includes('3') === want,
      three,
    );
    assert.equal((await downList(page)).includes(3), three, 'Space toggled it back');
    await page.keyboard.press('End');
    assert.equal(await picker.getAttribute('aria-valuenow'), '19');

    // Typing the list: key by key; a repeat and a server past N are refused.
    await typeKeys(page, 'servers', ['2, 3, 4']);
    await linkBecomes(page, 'down', '2,3,4');
    const says = 'The list of straggling servers must be distinct server numbers from 0 to N − 1 (now 19), separated by commas.';
    await typeKeys(page, 'servers', ['2, 2']);
    await page.locator('#servers-error').filter({ hasText: /\S/ }).waitFor();
    assert.equal(await page.locator('#servers-error').textContent(), says);
    assert.equal(await link(page, 'down'), '2,3,4', 'the link keeps the last valid list');
    await typeKeys(page, 'servers', ['2, 25']);
    await page.locator('#servers-error').filter({ hasText: 'now 19' }).waitFor();
    await typeKeys(page, 'servers', []);
    await page.waitForFunction(() => !new URLSearchParams(location.search).has('down'));
    assert.equal(await link(page, 'm'), 'manual', 'an empty list: nobody straggles');
    const table = await page.locator('#panel-table').textContent();
    assert.doesNotMatch(table, /NaN/);
  });
});

test('noise σ is typed like any number, and the noisy preset shows its note', T, async () => {
  await withPage('noise-typing', DESKTOP, async (page) => {
    await openApp(page, server.appUrl);
    await waitIdle(page, 0);
    const changed = canvasChanged(page, 'canvas#encdec-plot', async () => {
      await typeKeys(page, 'noise', ['0.2']);
      await linkBecomes(page, 'sigma', '0.2');
    });
    assert.ok(await changed, 'noisy answers are drawn');
    await typeKeys(page, 'noise', ['-1']);
    await page.locator('#noise-error').filter({ hasText: /\S/ }).waitFor();
    assert.equal(await page.locator('#noise-error').textContent(), 'The noise σ must be a number from 0 to 1e3.');
    assert.equal(await link(page, 'sigma'), '0.2');
    await typeKeys(page, 'noise', ['0']);
    await page.waitForFunction(() => !new URLSearchParams(location.search).has('sigma'));

    await page.click('#preset-noisy');
    await linkBecomes(page, 'sigma', '0.1');
    assert.match(await page.locator('body').textContent(), /BACC's interpolant passes through the noisy answers/);
    assert.equal(await page.locator('#noise').inputValue(), '0.1');

    await page.click('#preset-adjacent');
    await linkBecomes(page, 'down', '36,37,38,39,40,41,42,43');
    assert.equal(await page.locator('#servers').inputValue(), '36,37,38,39,40,41,42,43');
    await page.click('#preset-spread');
    await linkBecomes(page, 'down', '5,15,25,35,45,55,65,75');
  });
});

test('a tap on a phone: the frame, the slider and the words are on the tapped server, and follow the bar and the keys', T, async () => {
  const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3 };
  await withPage('stragglers-tap-phone', phone, async (page) => {
    const { server: s, does } = await tapMiddleServer(page, server.appUrl);
    const tapped = await onServer(page);
    assert.equal(tapped.now, String(s), 'the slider is on the tapped server');
    assert.match(tapped.text, new RegExp(`^server ${s}: ${does};`));
    const atTap = await stillPlot(page);
    await page.locator('#panel-stragglers').screenshot({ path: join(SCREENSHOTS, 'stragglers-tap-phone-picked.png') });

    // The bar's ▶: all three move to the next server.
    await page.locator('#server-pick-right').tap();
    const next = await onServer(page);
    assert.equal(next.now, String(s + 1));
    assert.match(next.text, new RegExp(`^server ${s + 1}: `));
    assert.match(next.bar, new RegExp(`^Server ${s + 1} `));
    const atNext = await stillPlot(page);
    assert.notEqual(atNext, atTap, 'the frame moved with the bar');

    // The frame the keyboard draws on those servers is the one drawn.
    assert.equal(await framedByKeys(page, s), atTap, 'after the tap, the frame was on the tapped server');
    assert.match((await onServer(page)).bar, new RegExp(`^Server ${s} `), 'the bar follows the keys');
    await page.keyboard.press('ArrowRight');
    assert.equal(await stillPlot(page), atNext, 'after ▶, the frame was on the next server');
    assert.equal((await onServer(page)).now, String(s + 1));

    // Done: the bar closes and no frame is left.
    await page.locator('#server-pick-close').tap();
    await page.locator('#server-pick').waitFor({ state: 'hidden' });
    assert.notEqual(await stillPlot(page), atNext);
    assert.equal(await link(page, 'm'), null, 'nothing was toggled');
  });
});

test('a click on a wide screen: the frame, the slider and its words are on the clicked server', T, async () => {
  await withPage('stragglers-click-desktop', DESKTOP, async (page) => {
    await openApp(page, `${server.appUrl}?v=1&n=20&k=5&p=0.3`);
    const seven = await pointAt(page, 7);
    const before = await runs(page);
    await page.mouse.click(seven.x, seven.y);
    await linkBecomes(page, 'm', 'manual');
    await waitIdle(page, before);
    const clicked = await onServer(page);
    assert.equal(clicked.now, '7');
    assert.match(clicked.text, new RegExp(`^server 7: ${(await downList(page)).includes(7) ? 'straggles' : 'answers'};`));
    assert.ok(await page.locator('#server-pick').isHidden(), 'a mouse needs no bar');
    const atClick = await stillPlot(page);
    await page.locator('#panel-stragglers').screenshot({ path: join(SCREENSHOTS, 'stragglers-click-desktop-framed.png') });
    assert.equal(await framedByKeys(page, 7), atClick, 'the frame was on the clicked server');
  });
});
