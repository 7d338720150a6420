// What a layout must never do, checked in a page or an embed's frame: the
// matrix tests (matrix.test.mjs, slides.test.mjs) share these checks.

import assert from 'node:assert/strict';
import { drawnPixels } from './harness.mjs';

/** Waits until every stage shown is computed for the current settings. */
export async function settled(page) {
  await page.waitForFunction(
    () => {
      const s = document.querySelector('#status');
      return s && s.dataset.state === 'idle' && s.dataset.results === 'current' && Number(s.dataset.runs) > 0;
    },
    null,
    { timeout: 120_000 },
  );
  // The last redraw after the results arrived.
  await page.evaluate(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok))));
}

/** Shows the state of `query` the way Back and Forward do. */
export async function goTo(page, query) {
  await page.evaluate((q) => {
    history.pushState(null, '', q);
    dispatchEvent(new PopStateEvent('popstate'));
  }, query);
  await settled(page);
}

/**
 * Everything wrong in the cell now shown, as sentences (empty: fine).
 * `slide`: a slide embed; `fullFrame`: shown in a frame of a slide's shape
 * (not a phone's width), where nothing may scroll, each plot has at least
 * half of the frame and no text (DOM or plot) is under 16 px. Text inside
 * an open "About this plot" box lies over the plot on purpose.
 */
export async function problems(page, { slide, fullFrame }) {
  return page.evaluate(
    ({ slide, fullFrame }) => {
      const out = [];
      const visible = (el) => {
        const r = el.getBoundingClientRect();
        const st = getComputedStyle(el);
        // (A 1-pixel box is text for screen readers only.)
        return r.width > 2 && r.height > 2 && st.visibility !== 'hidden' && !el.closest('[hidden], .visually-hidden, details:not([open]) > :not(summary)');
      };
      const name = (el) => `${el.tagName.toLowerCase()}${el.id ? '#' + el.id : ''}${el.className && typeof el.className === 'string' ? '.' + el.className.split(' ').join('.') : ''} “${(el.textContent || '').trim().slice(0, 40)}”`;
      if (document.querySelector('#url-notice')) out.push(`a link notice: ${document.querySelector('#url-notice').textContent.slice(0, 120)}`);
      if (document.querySelector('#panic-box')) out.push('the error box is shown');

      // States agree.
      const status = document.querySelector('#status');
      if (status.dataset.results !== 'current') out.push(`status says ${status.dataset.results}`);
      for (const n of document.querySelectorAll('.stage-note')) {
        if (!['current', 'not-shown'].includes(n.dataset.stageState)) out.push(`${n.id} says ${n.dataset.stageState}`);
        if (!n.hidden) out.push(`${n.id} is shown: ${n.textContent}`);
      }
      const sweep = document.querySelector('#sweep-progress');
      if (sweep && !['done', 'none'].includes(sweep.dataset.state)) out.push(`the sweep bar says ${sweep.dataset.state}`);
      const table = document.querySelector('#table-progress');
      if (table && !table.hidden) out.push('the table bar is shown');

      // Text boxes of the DOM: one rectangle per line of each text node.
      const boxes = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let t = walker.nextNode(); t; t = walker.nextNode()) {
        const el = t.parentElement;
        if (!t.textContent.trim() || !el || !visible(el) || el.closest('script, style, option, datalist, select, textarea, .plot-tooltip')) continue;
        if (slide && fullFrame && parseFloat(getComputedStyle(el).fontSize) < 15.9) out.push(`text of ${getComputedStyle(el).fontSize} on a slide: ${name(el)}`);
        const range = document.createRange();
        range.selectNodeContents(t);
        // A formula is one text: its parts (an accent over a letter) overlap.
        const whole = el.closest('math') ?? el;
        for (const r of range.getClientRects()) if (r.width > 1 && r.height > 1) boxes.push({ r, el: whole });
      }
      const inter = (a, b) => Math.max(0, Math.min(a.right, b.right) - Math.max(a.left, b.left)) * Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top));
      const overlapX = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left);
      const overlapY = (a, b) => Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
      for (let i = 0; i < boxes.length; i++) {
        for (let j = i + 1; j < boxes.length; j++) {
          const [a, b] = [boxes[i], boxes[j]];
          if (a.el === b.el) continue;
          // An open "About" box covers what is under it.
          if (!!a.el.closest('.panel-about') !== !!b.el.closest('.panel-about') && document.querySelector('.show-about')) continue;
          if (overlapX(a.r, b.r) > 2 && overlapY(a.r, b.r) > 3) {
            out.push(`text overlaps text: ${name(a.el)} and ${name(b.el)}`);
          }
        }
      }
      // Clipped: a text line outside the box of an ancestor that clips it
      // (a scrolling table is fine: it says that it scrolls).
      for (const { r, el } of boxes) {
        for (let a = el; a && a !== document.body; a = a.parentElement) {
          const st = getComputedStyle(a);
          if (st.overflowX === 'visible' && st.overflowY === 'visible') continue;
          // A box that scrolls says so: its text is reached by scrolling.
          if (['table-scroll', 'main-area', 'controls-body', 'embed-controls', 'series-legend', 'toolbar', 'panel-about'].some((k) => a.classList.contains(k))) break;
          const c = a.getBoundingClientRect();
          // (A superscript may rise a few pixels above its line's box.)
          if (r.left < c.left - 1 || r.right > c.right + 1 || r.top < c.top - 4 || r.bottom > c.bottom + 4) {
            out.push(`text cut off by ${name(a)}: ${name(el)}`);
          }
          break;
        }
      }
      // The page itself never scrolls sideways; a slide does not scroll.
      const doc = document.scrollingElement;
      if (doc.scrollWidth > innerWidth + 1) out.push(`the page scrolls sideways (${doc.scrollWidth} > ${innerWidth})`);
      // (At a phone's width a slide reads as a page: no 16:9 frame fits.)
      if (slide && fullFrame && doc.scrollHeight > innerHeight + 1) out.push(`the slide scrolls (${doc.scrollHeight} > ${innerHeight})`);

      // Plots: text inside, no plot text over another, no DOM text over a plot.
      const canvases = [...document.querySelectorAll('canvas')].filter(visible);
      for (const c of canvases) {
        const cr = c.getBoundingClientRect();
        for (const { r, el } of boxes) {
          if (inter(r, cr) > 4 && !el.closest('.panel-about')) out.push(`text over the plot ${c.id}: ${name(el)}`);
        }
        // Each chart at least the height its panel says it needs.
        const box = c.closest('.plot-canvas');
        const least = box ? parseFloat(getComputedStyle(box).getPropertyValue('--plot-min-height')) : NaN;
        if (least > 0 && cr.height < least - 1) out.push(`the plot ${c.id} is ${Math.round(cr.height)} px tall, under the ${least} px its charts need`);
        const texts = JSON.parse(c.dataset.textBoxes || '[]').map(([x, y, w, h, font, text]) => ({ left: x, top: y, right: x + w, bottom: y + h, font, text }));
        for (const t of texts) {
          if (t.left < -1 || t.top < -1 || t.right > cr.width + 1 || t.bottom > cr.height + 1) out.push(`plot text “${t.text}” leaves ${c.id} at (${t.left}, ${t.top})`);
          if (slide && fullFrame && t.font < 15.9) out.push(`plot text “${t.text}” of ${t.font} px in ${c.id}`);
        }
        for (let i = 0; i < texts.length; i++) {
          for (let j = i + 1; j < texts.length; j++) {
            // The boxes are the canvas' text metrics, a few pixels taller
            // than the glyphs: a third of a line is a real overlap.
            const minH = Math.min(texts[i].bottom - texts[i].top, texts[j].bottom - texts[j].top);
            if (overlapX(texts[i], texts[j]) > 2 && overlapY(texts[i], texts[j]) > Math.max(3, 0.35 * minH)) out.push(`plot texts overlap in ${c.id}: “${texts[i].text}” and “${texts[j].text}”`);
          }
        }
        if (slide && fullFrame && cr.width * cr.height < 0.5 * innerWidth * innerHeight) {
          out.push(`the plot ${c.id} has ${Math.round((100 * cr.width * cr.height) / (innerWidth * innerHeight))} % of the slide`);
        }
      }
      return [...new Set(out)];
    },
    { slide, fullFrame },
  );
}

/** Checks that every shown plot has ink. */
export async function inked(page, where) {
  const ids = await page.$$eval('canvas', (cs) => cs.filter((c) => c.getBoundingClientRect().width > 0).map((c) => c.id));
  for (const id of ids) {
    assert.ok((await drawnPixels(page, `canvas#${id}`)) > 100, `${where}: ${id} has no ink`);
  }
  return ids.length;
}

