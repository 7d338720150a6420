// Keyboard-only use of the release build: Tab reaches every control in
// document order, each with a visible focus indicator and without a trap;
// representative controls work with keys alone and their change reaches the
// page (a canvas, the URL, the table).
//
// Why document order is the "sensible" order: the page reads header (share
// bar, presets), controls column, then the panels top to bottom, and no
// element has a positive tabindex, so Tab follows the reading order exactly.
//
// One test: node --test --test-name-pattern="Tab" tests/e2e/keyboard.test.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  testFile,
  withPage,
  openApp,
  andWait,
  canvasChanged,
  allowClipboard,
  copiedBy,
  MAIN_CANVAS,
  DESKTOP,
} from './harness.mjs';

const { server, T } = testFile({ timeout: 180_000 });
const ERRORS = 'canvas#errors-plot';

/**
 * Numbers every element the keyboard should reach (data-kb = its index in
 * document order) and returns their descriptions. Rendered only (not in a
 * hidden or display:none subtree, or a closed <details>), not disabled, not
 * tabindex="-1" (so of the tabs, only the selected one: roving tabindex).
 */
function enumerate(page) {
  return page.evaluate(() => {
    const sel = 'a[href], button, input, select, textarea, summary, [tabindex]';
    const rendered = (el) => {
      if (el.closest('[hidden]')) return false;
      // In a closed <details>, only its <summary> is reachable.
      const details = el.closest('details');
      if (details && !details.open && !(el.tagName === 'SUMMARY' && el.parentElement === details)) return false;
      const cs = getComputedStyle(el);
      if (cs.display === 'none' || cs.visibility === 'hidden') return false;
      // The skip link is off screen until focused, but has a box.
      return el.getClientRects().length > 0;
    };
    const list = [...document.querySelectorAll(sel)].filter(
      (el) => !el.disabled && el.tabIndex >= 0 && rendered(el),
    );
    document.querySelectorAll('[data-kb]').forEach((el) => el.removeAttribute('data-kb'));
    return list.map((el, i) => {
      el.dataset.kb = String(i);
      return {
        i,
        tag: el.tagName.toLowerCase(),
        id: el.id,
        role: el.getAttribute('role') ?? '',
        tabindex: el.getAttribute('tabindex'),
        text: (el.textContent || el.value || '').trim().slice(0, 30),
      };
    });
  });
}

/** The focused element: its data-kb index, and whether it shows a focus
 * indicator (an outline or a box-shadow) and lies on screen. */
function focused(page) {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body || el === document.documentElement) return { body: true };
    const cs = getComputedStyle(el);
    const outline = cs.outlineStyle !== 'none' && parseFloat(cs.outlineWidth) > 0;
    const shadow = cs.boxShadow && cs.boxShadow !== 'none';
    const r = el.getBoundingClientRect();
    return {
      kb: el.dataset.kb === undefined ? null : Number(el.dataset.kb),
      desc: `${el.tagName.toLowerCase()}#${el.id}${el.getAttribute('role') ? `[role=${el.getAttribute('role')}]` : ''}`,
      indicator: outline || shadow,
      style: `outline: ${cs.outlineStyle} ${cs.outlineWidth}; box-shadow: ${cs.boxShadow}`,
      onScreen: r.width > 0 && r.height > 0 && r.bottom > 0 && r.top < innerHeight && r.right > 0 && r.left < innerWidth,
    };
  });
}

test('Tab reaches every control in document order, with a visible focus indicator and no trap', T, async () => {
  await withPage('keyboard-tab-order', DESKTOP, async (page) => {
    await openApp(page, server.appUrl);
    const all = await enumerate(page);
    // Sanity: the list holds the controls of every part of the page.
    const ids = all.map((e) => e.id);
    for (const id of ['copy-link', 'embed-button', 'preset-lenet', 'export-png', 'scheme', 'compare-lcc', 'n', 'model', 'p',
      'lambda-dec-auto', 'seed', 'reroll', 'sweep-ns', 'show-table', 'step-back', 'play', 'step-forward', 'trial', 'tab-n',
      'references', 'errors-tabpanel']) {
      assert.ok(ids.includes(id), `#${id} is in the Tab sequence`);
    }
    assert.equal(all[0].text, 'Skip to the plots');
    assert.deepEqual(all.filter((e) => e.role === 'tab').map((e) => e.id), ['tab-n'], 'only the selected tab is a Tab stop');
    assert.ok(all.every((e) => e.tabindex === null || Number(e.tabindex) <= 0), 'no positive tabindex');

    // Forwards through the whole page.
    await page.locator('body').focus();
    const seen = [];
    for (let step = 0; step < all.length + 3; step++) {
      await page.keyboard.press('Tab');
      const f = await focused(page);
      if (f.body || (seen.length === all.length && f.kb === 0)) break; // left the page, or wrapped
      assert.notEqual(f.kb, null, `Tab ${step + 1} reached an element that is not a control: ${f.desc}`);
      assert.ok(f.indicator, `${f.desc} shows no focus indicator (${f.style})`);
      assert.ok(f.onScreen, `${f.desc} is focused but not on screen`);
      seen.push(f.kb);
    }
    const missed = all.filter((e) => !seen.includes(e.i)).map((e) => `${e.tag}#${e.id} “${e.text}”`);
    assert.deepEqual(missed, [], 'every control is reached');
    assert.deepEqual(seen, all.map((e) => e.i), 'in document order, each once');

    // Backwards works too (no trap at any control, e.g. a textarea or a number field).
    await page.locator('#trial').focus();
    const at = (await focused(page)).kb;
    for (let k = 1; k <= 4; k++) {
      await page.keyboard.press('Shift+Tab');
      assert.equal((await focused(page)).kb, at - k, 'Shift+Tab goes back one control');
    }

    // The Embed dialog's controls join the sequence while it is open, and
    // Tab leaves its textarea (no trap).
    await page.locator('#embed-button').focus();
    await page.keyboard.press('Enter');
    await page.locator('#embed-snippet').focus();
    await page.keyboard.press('Tab');
    const after = await focused(page);
    assert.notEqual(after.desc, 'textarea#embed-snippet', 'Tab leaves the textarea');
    assert.ok(after.indicator, after.desc);
  });
});

test('the skip link jumps over the controls to the plots', T, async () => {
  await withPage('keyboard-skip', DESKTOP, async (page) => {
    await openApp(page, server.appUrl);
    await page.locator('body').focus();
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement.textContent), 'Skip to the plots');
    assert.ok((await focused(page)).onScreen, 'visible when focused');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.activeElement?.id === 'plots');
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement.id), 'step-back', 'the next Tab is in the first panel');
  });
});

test('controls work with the keyboard alone and the change reaches the page', { timeout: 300_000 }, async () => {
  await withPage('keyboard-operate', DESKTOP, async (page, ctx) => {
    await allowClipboard(ctx, server.origin);
    await openApp(page, server.appUrl);
    const query = (key) => new URL(page.url()).searchParams.get(key);
    const key = (sel, k) => page.locator(sel).press(k);

    // A number field: ArrowUp, then typing.
    await page.locator('#n').focus();
    assert.ok(await canvasChanged(page, MAIN_CANVAS, () => andWait(page, () => page.keyboard.press('ArrowUp'))));
    assert.equal(query('n'), '41');
    await andWait(page, async () => {
      await page.keyboard.press('Control+A');
      await page.keyboard.type('60');
    });
    assert.equal(query('n'), '60');

    // A select: the arrow key picks the next option.
    await page.locator('#scheme').focus();
    await andWait(page, () => page.keyboard.press('ArrowDown'));
    assert.equal(await page.locator('#scheme').inputValue(), 'letcc');
    assert.equal(query('sc'), 'letcc');

    // A checkbox: Space adds LCC to the table.
    await page.locator('#compare-lcc').focus();
    await andWait(page, () => page.keyboard.press('Space'));
    assert.ok(await page.locator('#compare-lcc').isChecked());
    assert.equal(await page.locator('#results tbody tr[data-scheme="lcc"]').count(), 1);

    // The error-plot tabs: arrows move and select (wrapping), Home/End jump,
    // focus follows; Tab then leaves the tab list.
    await page.locator('#tab-n').focus();
    assert.ok(await canvasChanged(page, ERRORS, () => andWait(page, () => page.keyboard.press('ArrowRight')), { timeout: 30_000 }));
    const selected = () => page.locator('[role=tab][aria-selected=true]').getAttribute('id');
    const active = () => page.evaluate(() => document.activeElement.id);
    assert.equal(await selected(), 'tab-p');
    assert.equal(await active(), 'tab-p');
    assert.equal(query('tab'), 'p');
    assert.deepEqual(
      await page.locator('[role=tab]').evaluateAll((ts) => ts.map((t) => t.tabIndex)),
      [-1, 0, -1, -1, -1, -1, -1, -1, -1],
      'roving tabindex (one tab per setting of the table of axes)',
    );
    await andWait(page, () => page.keyboard.press('End'));
    assert.equal(await selected(), 'tab-adv_exp', 'the last setting of the table of axes');
    await andWait(page, () => page.keyboard.press('ArrowRight'));
    assert.equal(await selected(), 'tab-n', 'wraps around');
    await andWait(page, () => page.keyboard.press('ArrowLeft'));
    assert.equal(await selected(), 'tab-adv_exp');
    await andWait(page, () => page.keyboard.press('Home'));
    assert.equal(await selected(), 'tab-n');
    assert.equal(await active(), 'tab-n');
    await page.keyboard.press('Enter');
    assert.equal(await selected(), 'tab-n', 'Enter keeps the focused tab selected');
    await page.keyboard.press('Tab');
    assert.equal(await active(), 'references', 'Tab leaves the tab list');
    assert.equal(
      await page.locator('#errors-tabpanel').getAttribute('aria-labelledby'),
      'tab-n',
      'the tab panel is labelled by the selected tab',
    );
    await andWait(page, () => page.keyboard.press('Space'));
    assert.equal(query('ref'), '0', 'Space toggles the claimed rates');

    // The plotted values: Enter opens the table, whose scroll box is next.
    await key('#errors-details summary', 'Enter');
    assert.ok(await page.locator('#errors-details').evaluate((d) => d.open));
    await page.keyboard.press('Tab');
    assert.equal(
      await page.evaluate(() => document.activeElement.getAttribute('aria-labelledby')),
      'errors-data-caption',
      'the data table region takes focus (it scrolls sideways on a phone)',
    );

    // The straggler panel: step with Enter and Space, play and pause.
    assert.ok(await canvasChanged(page, MAIN_CANVAS, () => andWait(page, () => key('#step-forward', 'Enter'))));
    assert.equal(await page.locator('#trial').inputValue(), '2');
    await andWait(page, () => key('#step-back', 'Space'));
    assert.equal(await page.locator('#trial').inputValue(), '1');
    assert.ok(await canvasChanged(page, MAIN_CANVAS, () => key('#play', 'Space'), { timeout: 10_000 }), 'playing steps');
    assert.equal(await page.locator('#play').getAttribute('data-playing'), 'true');
    assert.equal((await page.locator('#play').textContent()).trim(), '❚❚ Pause', 'while playing it offers Pause');
    await key('#play', 'Enter');
    assert.equal(await page.locator('#play').getAttribute('data-playing'), 'false');
    assert.equal((await page.locator('#play').textContent()).trim(), '▶ Play');
    await page.locator('#trial').focus();
    await andWait(page, async () => {
      await page.keyboard.press('Control+A');
      await page.keyboard.type('5');
    });
    assert.equal(query('r'), '4', 'the round field (1-based) sets the shown round');

    // Copy link.
    const clipboard = await copiedBy(page, () => key('#copy-link', 'Enter'));
    assert.equal(await page.locator('#copy-status').textContent(), 'Copied.');
    assert.equal(clipboard, await page.locator('#share-link').inputValue(), 'the clipboard holds the link');
    assert.equal(clipboard, page.url());

    // The Embed dialog: Enter opens it with focus inside, the keyboard
    // changes the snippet, Escape closes it and focus returns.
    await key('#embed-button', 'Enter');
    await page.locator('#embed-dialog').waitFor();
    assert.equal(await page.locator('#embed-button').getAttribute('aria-expanded'), 'true');
    await page.waitForFunction(() => document.activeElement?.id === 'embed-panel');
    const before = await page.locator('#embed-snippet').inputValue();
    await page.keyboard.press('ArrowDown');
    await page.waitForFunction((b) => document.querySelector('#embed-snippet').value !== b, before);
    assert.match(await page.locator('#embed-snippet').inputValue(), /embed=table/);
    await page.keyboard.press('Escape');
    await page.locator('#embed-dialog').waitFor({ state: 'detached' });
    assert.equal(await active(), 'embed-button', 'focus returns to the button');
    assert.equal(await page.locator('#embed-button').getAttribute('aria-expanded'), 'false');

    // A preset with Enter.
    await andWait(page, () => key('#preset-block', 'Enter'));
    assert.equal(query('m'), 'block');
    assert.equal(await page.locator('#model').inputValue(), 'block');
    assert.match(await page.locator('#preset-look').textContent(), /consecutive/);

    // A panel switch with Space hides and shows the table.
    await andWait(page, () => key('#show-table', 'Space'));
    assert.equal(await page.locator('#panel-table').count(), 0);
    await andWait(page, () => key('#show-table', 'Space'));
    assert.equal(await page.locator('#panel-table').count(), 1);
  });
});
