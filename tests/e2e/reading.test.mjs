// What a person reads in the plots: at a phone's width no text of any
// canvas overlaps another or runs off its canvas, and the first plot is
// near the top of the page. Checked from the drawing code's own text calls:
// every fillText of the page's canvases is recorded with the browser's
// measureText box under the canvas's transform (rotated axis titles too),
// so the check sees exactly what the fonts of this browser draw.
//
// Also saves the screenshots the issue asks for (every preset at desktop
// width, the default and the LeNet-5 view at 390 px); look at them.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ROOT, SCREENSHOTS, testFile, withPage, openApp, waitIdle, runs } from './harness.mjs';

const { server, T } = testFile({ timeout: 240_000 });

/** Records the text boxes of each canvas's latest drawing. */
const RECORD_TEXT = () => {
  const boxes = new Map();
  window.__textBoxes = () =>
    [...boxes.entries()].map(([canvas, list]) => ({
      id: canvas.id,
      width: canvas.width,
      height: canvas.height,
      shown: canvas.getBoundingClientRect().width > 0,
      list,
    }));
  const proto = CanvasRenderingContext2D.prototype;
  const fillRect = proto.fillRect;
  proto.fillRect = function (x, y, w, h) {
    // A fill of the whole canvas starts a new drawing of it.
    if (x <= 0 && y <= 0 && w >= this.canvas.width && h >= this.canvas.height) {
      boxes.set(this.canvas, []);
    }
    return fillRect.call(this, x, y, w, h);
  };
  // The page paints a large drawing on a canvas off the page, then copies
  // it onto the plot: the plot then shows that canvas' texts.
  const drawImage = proto.drawImage;
  proto.drawImage = function (image, ...rest) {
    if (image instanceof HTMLCanvasElement && boxes.has(image)) {
      boxes.set(this.canvas, boxes.get(image).map((b) => ({ ...b })));
    }
    return drawImage.call(this, image, ...rest);
  };
  const fillText = proto.fillText;
  proto.fillText = function (text, x, y, maxWidth) {
    const s = String(text);
    if (s.trim() !== '') {
      const m = this.measureText(s);
      const t = this.getTransform();
      const corners = [
        [x - m.actualBoundingBoxLeft, y - m.actualBoundingBoxAscent],
        [x + m.actualBoundingBoxRight, y - m.actualBoundingBoxAscent],
        [x - m.actualBoundingBoxLeft, y + m.actualBoundingBoxDescent],
        [x + m.actualBoundingBoxRight, y + m.actualBoundingBoxDescent],
      ].map(([a, b]) => [t.a * a + t.c * b + t.e, t.b * a + t.d * b + t.f]);
      const xs = corners.map((c) => c[0]);
      const ys = corners.map((c) => c[1]);
      if (!boxes.has(this.canvas)) boxes.set(this.canvas, []);
      boxes.get(this.canvas).push({
        text: s,
        x0: Math.min(...xs),
        x1: Math.max(...xs),
        y0: Math.min(...ys),
        y1: Math.max(...ys),
      });
    }
    return fillText.call(this, text, x, y, maxWidth);
  };
};

/** Every overlap of two texts, and every text off its canvas, in words. */
async function textProblems(page) {
  const canvases = await page.evaluate(() => window.__textBoxes());
  const problems = [];
  // Boxes may touch: a pixel of slack for antialiasing.
  const slack = 1;
  for (const c of canvases.filter((c) => c.shown)) {
    for (const b of c.list) {
      if (b.x0 < -slack || b.y0 < -slack || b.x1 > c.width + slack || b.y1 > c.height + slack) {
        problems.push(`${c.id}: "${b.text}" runs off the canvas (${c.width}×${c.height}): ${JSON.stringify(b)}`);
      }
    }
    for (let i = 0; i < c.list.length; i++) {
      for (let j = i + 1; j < c.list.length; j++) {
        const [a, b] = [c.list[i], c.list[j]];
        const w = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);
        const h = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);
        if (w > slack && h > slack) {
          problems.push(`${c.id}: "${a.text}" overlaps "${b.text}" (${w.toFixed(1)}×${h.toFixed(1)} px)`);
        }
      }
    }
  }
  return { problems, canvases };
}

const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };

/** Every panel and the given error tab, via the link: a link without
 * `panels=` shows every panel of the registry (checked below). */
function everything(extra = '') {
  return `?v=1${extra}`;
}

for (const [name, query] of [
  ['default', everything()],
  ['error-vs-p', everything('&tab=p')],
  ['error-vs-lambda', everything('&tab=lambda')],
  ['lenet5', everything('&fn=lenet5&k=10&n=40')],
  ['lcc-cliff', everything('&sc=lcc&fn=cubic&k=4&n=16&tab=p&cmp=bacc,letcc,lcc')],
  ['largest-n', everything('&n=8192&tr=20&ns=1024,8192')],
]) {
  test(`at 390 px no text of the ${name} view overlaps or runs off a canvas`, T, async () => {
    await withPage(`phone-${name}`, PHONE, async (page) => {
      await page.addInitScript(RECORD_TEXT);
      await openApp(page, server.appUrl + query);
      await waitIdle(page, 0, { timeout: 120_000 });
      const shown = await page.$$eval('[data-setting="show"] input[type="checkbox"]', (bs) => bs.map((b) => [b.id, b.checked]));
      assert.ok(shown.length >= 5 && shown.every(([, on]) => on), `every panel is shown: ${JSON.stringify(shown)}`);
      // A last redraw after the sweep's final message.
      await page.waitForTimeout(300);
      const { problems, canvases } = await textProblems(page);
      assert.ok(
        canvases.filter((c) => c.shown && c.list.length > 0).length >= 3,
        `texts were recorded: ${canvases.map((c) => c.id)}`,
      );
      assert.deepEqual(problems, []);
    });
  });
}

test('at 390 px the first plot starts within one and a half screens', T, async () => {
  await withPage('phone-first-plot', PHONE, async (page) => {
    await openApp(page, server.appUrl);
    const top = await page.evaluate(() => {
      const c = document.querySelector('canvas');
      return c.getBoundingClientRect().top + window.scrollY;
    });
    assert.ok(top < 1.5 * 844, `the first canvas starts at ${top} px`);
  });
});

/**
 * Today's presets, by element id (`preset-<id>`) and button text, in the
 * bar's order. A preset added, removed or renamed in src/presets.rs must be
 * named here too: the test compares this list with the source and with the
 * page's preset bar.
 */
const PRESETS = [
  ['probabilistic', 'Probabilistic regime: error vs N'],
  ['fixed-s', 'BACC vs LeTCC with S stragglers'],
  ['lenet', 'LeNet-5, Table 1 style'],
  ['lcc-cliff', "LCC's recovery-threshold cliff"],
  ['block', 'Adversarial block of stragglers'],
  ['deadline', 'Waiting time: the deadline model'],
  ['noisy', 'Noisy servers'],
  ['adjacent', 'Eight adjacent servers down'],
  ['spread', 'Eight servers down, spread out'],
  ['adversarial', 'Adversarial servers'],
  ['liars', 'Finding the liars'],
];

/** The presets src/presets.rs declares: [id, title] in order. */
async function presetsInSource() {
  const source = await readFile(join(ROOT, 'src', 'presets.rs'), 'utf8');
  const body = source.slice(source.indexOf('pub fn all()'), source.indexOf('#[cfg(test)]'));
  return [...body.matchAll(/\bid: "([^"]*)",\s*title: "([^"]*)"/g)].map((m) => [m[1], m[2]]);
}

/**
 * Every plot canvas of every panel shown, with its count of pixels that
 * differ from its background (its top-left pixel).
 */
function inkOfShownPlots(page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('section.panel canvas')]
      .filter((c) => c.getBoundingClientRect().width > 0 && c.closest('section.panel').checkVisibility())
      .map((c) => {
        if (c.width === 0 || c.height === 0) return { id: c.id, ink: 0 };
        const { data } = c.getContext('2d').getImageData(0, 0, c.width, c.height);
        let ink = 0;
        for (let i = 0; i < data.length; i += 4) {
          if (data[i] !== data[0] || data[i + 1] !== data[1] || data[i + 2] !== data[2] || data[i + 3] !== data[3]) ink++;
        }
        return { id: c.id, ink };
      }),
  );
}

test('every preset by name at desktop width: each plot of each shown panel has ink', T, async () => {
  assert.deepEqual(await presetsInSource(), PRESETS, 'the presets of src/presets.rs are the ones this test names');
  await withPage('presets-desktop', {}, async (page) => {
    await openApp(page, server.appUrl);
    const bar = await page
      .locator('[aria-label="Presets from the papers"] button')
      .evaluateAll((bs) => bs.map((b) => [b.id, b.textContent.trim()]));
    assert.deepEqual(bar, PRESETS.map(([id, title]) => [`preset-${id}`, title]), 'the preset bar shows every preset');
    for (const [id, title] of PRESETS) {
      // Wiped first, so ink afterwards is this preset's drawing, not the last one's.
      await page.evaluate(() => {
        for (const c of document.querySelectorAll('section.panel canvas')) c.getContext('2d').clearRect(0, 0, c.width, c.height);
      });
      const before = await runs(page);
      await page.getByRole('button', { name: title, exact: true }).click();
      await waitIdle(page, before, { timeout: 120_000 });
      const look = await page.locator('#preset-look').textContent();
      assert.ok(look.startsWith(`${title}: `), `${id}: what to look for is this preset's: ${look.slice(0, 60)}`);
      // A last redraw after the sweep's final message.
      await page.waitForTimeout(300);
      let plots = await inkOfShownPlots(page);
      // Drawing follows the results by a frame or two: wait for it.
      for (let i = 0; i < 50 && plots.some((p) => p.ink < 1000); i++) {
        await page.waitForTimeout(100);
        plots = await inkOfShownPlots(page);
      }
      assert.ok(plots.length > 0, `${id}: a plot is shown`);
      for (const p of plots) assert.ok(p.ink >= 1000, `${id}: ${p.id} has ink (${p.ink} pixels)`);
      await page.screenshot({ path: join(SCREENSHOTS, `preset-${id}.png`), fullPage: true });
    }
  });
});

test('the band choice redraws the error plot and its legend says which band', T, async () => {
  await withPage('band-choice', {}, async (page) => {
    await page.addInitScript(RECORD_TEXT);
    await openApp(page, server.appUrl);
    // The legend is the list of buttons under the plot; its first row says
    // what the line and the band are.
    const legend = async () => [(await page.locator('#errors-legend .series-band').textContent()).trim()];
    assert.deepEqual(await legend(), ['line: mean; band: 95\u00a0% bootstrap interval of the mean']);
    await page.locator('#band').scrollIntoViewIfNeeded();
    await page.selectOption('#band', 'quantiles');
    await page.waitForFunction(() => new URL(document.querySelector('#share-link').value).searchParams.get('band') === 'quantiles');
    await page.waitForTimeout(300);
    assert.deepEqual(await legend(), ['line: median; band: 10–90\u00a0% of the rounds']);
    assert.match(await page.locator('#errors-explain').textContent(), /median over the rounds that decoded/);
  });
});
