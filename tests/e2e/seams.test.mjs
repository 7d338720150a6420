// The seams between features, as people met them: Cancel, then every state
// of the page agrees (and "Compute again" finishes the work); an export of
// results not computed for the current settings is refused in words, never
// silently old; Back and Forward step through committed changes (typing in
// a field is one entry; an embed adds none); a finger picks a server at
// N = 80.
//
// One test: node --test --test-name-pattern="Cancel" tests/e2e/seams.test.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  serveDuringTests, withPage, openApp, waitIdle, runs, linkValue, typeKeys, tapMiddleServer,
} from './harness.mjs';

const T = { timeout: 240_000 };
const app = serveDuringTests();

/** Every state the page shows: the status line, each panel's note, the bars. */
async function states(page) {
  return page.evaluate(() => ({
    status: document.querySelector('#status').dataset.results,
    statusText: document.querySelector('#status').textContent,
    notes: Object.fromEntries([...document.querySelectorAll('.stage-note')].map((n) => [n.id, n.dataset.stageState])),
    sweep: document.querySelector('#sweep-progress')?.dataset.state,
    tableBar: !document.querySelector('#table-progress')?.hidden,
    tableText: document.querySelector('#panel-table')?.textContent ?? '',
    errorsSummary: document.querySelector('#errors-plot-summary')?.textContent ?? '',
  }));
}

test('Cancel on the table: every state says cancelled, nothing says computing; Compute again finishes it', T, async () => {
  await withPage('seams-cancel', {}, async (page) => {
    await page.goto(`${app.appUrl}?v=1&n=4096&k=512&tr=10000&ns=1024,2048,4096`);
    const bar = page.locator('#table-progress');
    await bar.waitFor({ state: 'visible', timeout: 60_000 });
    await page.click('#cancel-table');
    await page.waitForFunction(() => document.querySelector('#status')?.dataset.state === 'idle', null, { timeout: 20_000 });
    const s = await states(page);
    assert.equal(s.status, 'cancelled', JSON.stringify(s));
    assert.match(s.statusText, /^Cancelled/);
    assert.equal(s.notes['table-stage-note'], 'cancelled');
    assert.equal(s.notes['errors-stage-note'], 'cancelled');
    assert.equal(s.notes['stragglers-stage-note'], 'current');
    assert.equal(s.sweep === 'running', false, 'the sweep bar does not say running');
    assert.equal(s.tableBar, false);
    for (const text of [s.tableText, s.errorsSummary, s.statusText]) {
      assert.doesNotMatch(text, /Computing/, `after Cancel: ${text.slice(0, 200)}`);
    }
    assert.match(await page.locator('#table-stage-note').textContent(), /Cancelled/);
    // An export of what was cancelled is refused, in words.
    await page.click('#export-table-csv');
    assert.match(await page.locator('#export-refused').textContent(), /cancelled before it was computed/);
    // Compute again, with fewer trials so it ends soon: every state current.
    await typeKeys(page, 'trials', '20');
    await waitIdle(page, await runs(page), { timeout: 120_000 }).catch(() => {});
    await page.waitForFunction(() => document.querySelector('#status')?.dataset.results === 'current', null, { timeout: 120_000 });
    const after = await states(page);
    assert.ok(Object.values(after.notes).every((v) => v === 'current'), JSON.stringify(after.notes));
    assert.match(after.statusText, /^Up to date/);
  });
});

test('Compute again after Cancel finishes the same settings', T, async () => {
  await withPage('seams-compute-again', {}, async (page) => {
    await page.goto(`${app.appUrl}?v=1&n=2048&k=256&tr=3000&panels=table`);
    await page.locator('#table-progress').waitFor({ state: 'visible', timeout: 60_000 });
    await page.click('#cancel-table');
    const again = page.locator('#table-stage-note .compute-again');
    await again.waitFor({ state: 'visible', timeout: 20_000 });
    const link = await page.evaluate(() => location.search);
    await again.click();
    await page.waitForFunction(() => document.querySelector('#status')?.dataset.results === 'current', null, { timeout: 200_000 });
    assert.equal(await page.evaluate(() => location.search), link, 'the same settings');
    assert.ok(await page.locator('#results tbody tr').count() > 0);
  });
});

test('an export after a preset that hides the curves is refused in words; on a fresh LeNet-5 link too', T, async () => {
  await withPage('seams-export-hidden', {}, async (page) => {
    await openApp(page, `${app.appUrl}?v=1&tr=20`);
    // The curves of x·sin x are there and export.
    const [first] = await Promise.all([page.waitForEvent('download'), page.click('#export-curves-csv')]);
    assert.equal(first.suggestedFilename(), 'coded-curves.csv');
    const before = await runs(page);
    await page.click('#preset-lenet');
    await waitIdle(page, before, { timeout: 120_000 });
    let downloaded = false;
    page.on('download', () => (downloaded = true));
    await page.click('#export-curves-csv');
    await page.waitForTimeout(500);
    assert.equal(downloaded, false, 'no stale curves were downloaded');
    assert.match(await page.locator('#export-refused').textContent(), /“Error curves” is not shown/);
    const lenetLink = await page.evaluate(() => location.search);
    // A fresh load of that link: the same message, not nothing.
    await page.goto(app.appUrl + lenetLink);
    await page.waitForFunction(() => document.querySelector('#status')?.dataset.results === 'current', null, { timeout: 120_000 });
    await page.click('#export-curves-csv');
    assert.match(await page.locator('#export-refused').textContent(), /not shown/);
    // The preset's note came back with its link.
    assert.match(await page.locator('#preset-look').textContent(), /LeNet/);
  });
});

test('Back and Forward step through committed changes; typing is one entry; a preset keeps its note in the link', T, async () => {
  await withPage('seams-history', {}, async (page) => {
    await openApp(page, `${app.appUrl}?v=1&tr=20`);
    const length0 = await page.evaluate(() => history.length);
    // Typing "60" key by key in N is one entry.
    let before = await runs(page);
    await typeKeys(page, 'n', '60');
    await waitIdle(page, before);
    assert.equal(await linkValue(page, 'n'), '60');
    assert.equal(await page.evaluate(() => history.length), length0 + 1, 'typing is one entry');
    // A preset is another entry, with its note in the link.
    before = await runs(page);
    await page.click('#preset-noisy');
    await waitIdle(page, before, { timeout: 60_000 });
    assert.equal(await linkValue(page, 'preset'), 'noisy');
    const noisyNote = await page.locator('#preset-look').textContent();
    assert.equal(await page.locator('#preset-look').getAttribute('data-edited'), 'false');
    // An edit keeps the note, saying it described the preset's settings.
    before = await runs(page);
    await typeKeys(page, 'seed', '7');
    await waitIdle(page, before, { timeout: 60_000 });
    assert.equal(await page.locator('#preset-look').getAttribute('data-edited'), 'true');
    assert.match(await page.locator('#preset-look').textContent(), /you changed its settings/);
    // Back: the preset as it was, its note current again.
    await page.goBack();
    await page.waitForFunction(() => new URLSearchParams(location.search).get('seed') === null);
    await page.waitForFunction(() => document.querySelector('#preset-look')?.dataset.edited === 'false');
    assert.equal(await page.locator('#preset-look').textContent(), noisyNote);
    assert.equal(await page.inputValue('#seed'), '1');
    // Back again: before the preset, N = 60.
    await page.goBack();
    await page.waitForFunction(() => new URLSearchParams(location.search).get('preset') === null);
    assert.equal(await page.inputValue('#n'), '60');
    await page.goBack();
    await page.waitForFunction(() => new URLSearchParams(location.search).get('n') === null);
    assert.equal(await page.inputValue('#n'), '40');
    // Forward twice: the preset again.
    await page.goForward();
    await page.goForward();
    await page.waitForFunction(() => new URLSearchParams(location.search).get('preset') === 'noisy');
    // Still the page (Back never left the app).
    assert.ok(page.url().startsWith(app.appUrl));
  });
});

test('an embed adds no history entry', T, async () => {
  await withPage('seams-embed-history', {}, async (page) => {
    await page.goto(`${app.appUrl}?v=1&tr=20&embed=errors&controls=n`);
    await page.waitForFunction(() => document.querySelector('#status')?.dataset.results === 'current', null, { timeout: 60_000 });
    const length0 = await page.evaluate(() => history.length);
    await typeKeys(page, 'n', '80');
    await page.waitForFunction(() => new URLSearchParams(location.search).get('n') === '80');
    assert.equal(await page.evaluate(() => history.length), length0);
  });
});

test('a finger picks a server at N = 80: the tap says which, the arrows move it, the button toggles it', T, async () => {
  const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3 };
  await withPage('seams-phone-tap', phone, async (page) => {
    const { server } = await tapMiddleServer(page, app.appUrl);
    // Nothing toggled by the tap itself.
    assert.equal(await linkValue(page, 'm'), null);
    await page.locator('#server-pick-right').tap();
    assert.match(await page.locator('#server-pick-text').textContent(), new RegExp(`^Server ${server + 1} `));
    const was = (await page.locator('#server-pick-text').textContent()).includes('straggles');
    const before = await runs(page);
    await page.locator('#server-pick-toggle').tap();
    await waitIdle(page, before);
    // Now a hand-made pattern, with that server flipped.
    assert.equal(await linkValue(page, 'm'), 'manual');
    const servers = (await linkValue(page, 'down')) ?? '';
    assert.equal(servers.split(',').includes(String(server + 1)), !was, `down=${servers}`);
    assert.match(await page.locator('#server-pick-text').textContent(), was ? /answers/ : /straggles/);
  });
});
