// End-to-end tests of the release build (dist/) in headless Chromium.
// Run: trunk build --release && node --test tests/e2e/
// One test: node --test --test-name-pattern="iframe" tests/e2e/

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  testFile,
  withPage,
  openApp,
  canvasHasPixels,
  canvasChanged,
  drawnPixels,
  MAIN_CANVAS,
  startServeScript,
  uncaughtErrorBox,
} from './harness.mjs';

const { server, T } = testFile({ timeout: 60_000 });

test('main page loads at a sub-path without console errors and draws the canvas', T, async () => {
  await withPage('main', {}, async (page) => {
    await openApp(page, server.appUrl);
    assert.equal(await page.locator('h1').textContent(), 'Coded Computing Playground');
    assert.match(await page.locator('header .tagline').textContent(), /Coded computing/);
    assert.ok((await drawnPixels(page, MAIN_CANVAS)) > 1000);
    // Assets were loaded relative to the sub-path.
    assert.ok(page.url().startsWith(server.appUrl));
  });
});

test('a number input works with the keyboard and redraws the canvas', T, async () => {
  await withPage('keyboard', {}, async (page) => {
    await openApp(page, server.appUrl);
    const n = page.locator('input#n');
    assert.ok(
      await canvasChanged(page, MAIN_CANVAS, async () => {
        await n.focus();
        await page.keyboard.press('ArrowUp');
      }),
    );
    assert.equal(await n.inputValue(), '41');
    assert.equal(await page.locator('#n-error').textContent(), '');
  });
});

test('canvas backing store is CSS size x devicePixelRatio (HiDPI)', T, async () => {
  await withPage('hidpi', { deviceScaleFactor: 2 }, async (page) => {
    await openApp(page, server.appUrl);
    const m = await page.evaluate((sel) => {
      const c = document.querySelector(sel);
      const r = c.getBoundingClientRect();
      return { dpr: devicePixelRatio, w: c.width, h: c.height, cssW: r.width, cssH: r.height };
    }, MAIN_CANVAS);
    assert.equal(m.dpr, 2);
    assert.ok(Math.abs(m.w - m.cssW * 2) <= 1, JSON.stringify(m));
    assert.ok(Math.abs(m.h - m.cssH * 2) <= 1, JSON.stringify(m));
  });
});

test('canvas is redrawn at the new size when the window is resized', T, async () => {
  await withPage('resize', {}, async (page) => {
    await openApp(page, server.appUrl);
    const width = () => page.evaluate((sel) => document.querySelector(sel).width, MAIN_CANVAS);
    const before = await width();
    await page.setViewportSize({ width: 900, height: 900 });
    await page.waitForFunction(
      ([sel, w]) => document.querySelector(sel).width !== w,
      [MAIN_CANVAS, before],
    );
    assert.ok((await width()) < before);
    assert.ok(await canvasHasPixels(page, MAIN_CANVAS, { min: 1000 }));
  });
});

test('dark colour scheme changes the page and the plot, live', T, async () => {
  await withPage('dark', {}, async (page) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await openApp(page, server.appUrl);
    const bodyBg = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const light = await bodyBg();
    // Switch while the page is open: the app listens for the change.
    assert.ok(
      await canvasChanged(page, MAIN_CANVAS, () => page.emulateMedia({ colorScheme: 'dark' })),
    );
    const dark = await bodyBg();
    assert.notEqual(light, dark);
    // The plot background follows: its corner pixel is dark.
    const corner = await page.evaluate((sel) => {
      const c = document.querySelector(sel);
      return Array.from(c.getContext('2d').getImageData(0, 0, 1, 1).data);
    }, MAIN_CANVAS);
    assert.ok(corner[0] + corner[1] + corner[2] < 3 * 80, `corner pixel ${corner}`);
    assert.ok(await canvasHasPixels(page, MAIN_CANVAS, { min: 1000 }));
  });
});

test('the app works inside an iframe', T, async () => {
  await withPage('iframe', {}, async (page) => {
    await page.goto(`${server.origin}/fixtures/iframe.html`);
    const handle = await page.locator('iframe#app').elementHandle();
    const frame = await handle.contentFrame();
    await frame.locator('h1').waitFor();
    assert.equal(await frame.locator('h1').textContent(), 'Coded Computing Playground');
    assert.ok(await canvasHasPixels(frame, MAIN_CANVAS, { min: 1000 }));
    assert.ok(await canvasChanged(frame, MAIN_CANVAS, () => frame.locator('input#n').fill('30')));
  });
});

test('phone width (375 px): one column, no horizontal scrolling', T, async () => {
  await withPage(
    'phone-375',
    { viewport: { width: 375, height: 812 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
    async (page) => {
      await openApp(page, server.appUrl);
      const m = await page.evaluate((sel) => ({
        scrollWidth: document.documentElement.scrollWidth,
        canvasWidth: document.querySelector(sel).getBoundingClientRect().width,
        controlsBottom: document.querySelector('.controls').getBoundingClientRect().bottom,
        plotTop: document.querySelector(sel).getBoundingClientRect().top,
      }), MAIN_CANVAS);
      assert.ok(m.scrollWidth <= 375, `page is ${m.scrollWidth}px wide`);
      assert.ok(m.canvasWidth > 250, `canvas only ${m.canvasWidth}px wide`);
      assert.ok(m.controlsBottom <= m.plotTop, 'controls should stack above the plot');
    },
  );
});

// The release build exports nothing to panic with: an uncaught error
// reaches the same box. That a Rust panic does is a browser test
// (tests/browser.rs), on a test build.
test('an uncaught error shows a visible error box instead of a dead page', T, async () => {
  const errors = await withPage('panic', { expectErrors: true }, async (page) => {
    await openApp(page, server.appUrl);
    const box = await uncaughtErrorBox(page, 'a test of the error box');
    assert.match(await box.textContent(), /a test of the error box/);
    assert.equal(await box.getAttribute('role'), 'alert');
  });
  assert.ok(errors.some((e) => e.includes('a test of the error box')), errors.join('\n'));
  assert.ok(!errors.some((e) => e.startsWith('request')), errors.join('\n'));
});

test('a link cannot trigger the test hooks', T, async () => {
  // Switches a link might try: none may panic or compute on the page;
  // each is only a bad value with its notice.
  await withPage('no-hooks-in-links', {}, async (page) => {
    await openApp(page, `${server.appUrl}?fn=debug-panic&debug-panic&no-worker`);
    assert.equal(await page.locator('#panic-box').count(), 0);
    assert.ok(await drawnPixels(page, MAIN_CANVAS) > 1000);
  });
});

// The README's serve command (trunk serve, debug build, live reload) must also
// give a working page. Skipped with E2E_SKIP_SERVE=1 (it may compile for a
// minute or two the first time).
test(
  'the serve command (scripts/serve.sh) serves a working page',
  { timeout: 10 * 60_000, skip: process.env.E2E_SKIP_SERVE === '1' && 'E2E_SKIP_SERVE=1' },
  async () => {
    const serve = await startServeScript();
    try {
      await withPage('serve', {}, async (page) => {
        await openApp(page, serve.url);
        assert.ok((await drawnPixels(page, MAIN_CANVAS)) > 1000);
      });
    } finally {
      await serve.stop();
    }
  },
);
