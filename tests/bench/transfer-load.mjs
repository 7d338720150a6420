// One fresh load of the release build's default view, served as a static
// host serves it (gzip, the project's CSP), counting what the server sends
// until the first plot is drawn and the app is idle: shared by the transfer
// benchmark (tests/bench/transfer.bench.mjs) and the transfer budget that
// scripts/test.sh enforces (tests/bench/budget.mjs).

import { startServer, withPage, openApp } from '../e2e/harness.mjs';

/**
 * The "LeNet-5, Table 1 style" preset's link as the page writes it once the
 * preset is clicked (without the `?`): a link's settings are its own keys
 * (`preset=` alone only names the note), so this one computes LeNet-5.
 */
export const LENET_PRESET_QUERY =
  'v=1&preset=lenet&sc=letcc&fn=lenet5&k=20&n=100&m=fixed&s=40&panels=stragglers,digits,table';

/**
 * One fresh load of the default view (or of the link's `query`, without
 * its `?`) at a pool of `w` (null: the link names none, the page's default
 * pool): what was sent, per file.
 */
export async function load(cacheControl, w, query = '') {
  const sent = [];
  const late = [];
  let counting = true;
  const server = await startServer({
    gzip: true,
    cacheControl,
    onSent: (r) => (counting ? sent : late).push(r),
  });
  try {
    return await withPage(`bench-transfer-w${w ?? 'default'}`, { httpCache: true }, async (page, ctx) => {
      let seen = 0;
      ctx.on('requestfinished', async (req) => {
        const s = await req.sizes().catch(() => null);
        if (s && counting) seen += s.responseHeadersSize + s.responseBodySize;
      });
      const t0 = Date.now();
      await page.addInitScript(() => {
        const tick = () => {
          const c = document.querySelector('canvas#stragglers-plot');
          if (c && c.width > 0) {
            const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
            for (let j = 4; j < d.length; j += 4) {
              if (d[j] !== d[0] || d[j + 1] !== d[1] || d[j + 2] !== d[2]) {
                window.__drawn = performance.now();
                return;
              }
            }
          }
          requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      });
      const keys = [query, w === null ? '' : `w=${w}`].filter((k) => k !== '').join('&');
      await openApp(page, keys === '' ? server.appUrl : `${server.appUrl}?${keys}`);
      counting = false;
      const idle = Date.now() - t0;
      const drawn = await page.evaluate(() => window.__drawn);
      const pool = await page.evaluate(() => document.querySelector('#workers')?.value ?? '?');
      // A helper worker may still be loading when the first worker has
      // finished the first computation: what comes until the network has
      // been quiet for 1.5 s is counted apart ("after idle").
      let quietSince = Date.now();
      let known = late.length;
      while (Date.now() - quietSince < 1500 && Date.now() - t0 < 60_000) {
        await new Promise((ok) => setTimeout(ok, 100));
        if (late.length !== known) [known, quietSince] = [late.length, Date.now()];
      }
      return { sent: [...sent], late: [...late], seen, idle, drawn, pool };
    });
  } finally {
    await server.close();
  }
}
