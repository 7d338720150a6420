// The README's screenshot: the default configuration at desktop width in
// light colours, with the error curves (the other panels hidden),
// once they are computed. Run after `trunk build --release`:
//   node scripts/screenshot.mjs            # writes docs/images/playground.png
// It serves dist/ and drives Debian's Chromium as the end-to-end tests do.
import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { ROOT, startServer, withPage } from '../tests/e2e/harness.mjs';

const OUT = join(ROOT, 'docs', 'images', 'playground.png');
const server = await startServer();
try {
  await withPage('readme-screenshot', { viewport: { width: 1280, height: 1180 }, colorScheme: 'light' }, async (page) => {
    // The error curves beside the controls.
    await page.goto(`${server.appUrl}?panels=errors`);
    await page.click('#start-hint-dismiss');
    await page.waitForFunction(() => document.querySelector('#sweep-progress')?.dataset.state === 'done');
    await page.evaluate(() => document.fonts.ready);
    await mkdir(dirname(OUT), { recursive: true });
    await page.screenshot({ path: OUT });
  });
  console.log(`wrote ${OUT}`);
} finally {
  await server.close();
}
