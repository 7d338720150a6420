// Typing into every number and list field as a person does: one key at a
// time (keyboard.type with a delay), decimals, a minus sign, an exponent,
// corrections with Backspace, an empty field and invalid values. After each
// key the field must show exactly what was typed (never rewritten:
// "0.35" must not become "350"); once the typing pauses the link carries the value,
// or a message in plain words sits next to the field and the status line
// says a value is waiting.
//
// Run: trunk build --release && node --test tests/e2e/typing.test.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { testFile, withPage, openApp, linkValue, linkBecomes, typeKeys, openControls, DESKTOP
} from './harness.mjs';

const { server, T } = testFile({ timeout: 300_000 });
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

const message = (page, id) => page.locator(`#${id}-error`).textContent();

/** No developer text in a message: no backticks, JSON, Rust ranges, field names. */
function plainWords(text) {
  for (const bad of ['`', '{', '}', '..', 'invalid', 'Config', 'stragglers', 'lambda_', '"']) {
    assert.ok(!text.includes(bad), `developer text ${JSON.stringify(bad)} in ${JSON.stringify(text)}`);
  }
}

/** Types a valid value and checks the link once the typing pauses. */
async function typeValid(page, id, keys, key, value) {
  const shown = await typeKeys(page, id, keys);
  // Read once typing paused: nothing waits any more, and no message.
  await page.waitForFunction(
    (i) => document.querySelector('#status').dataset.waiting === 'none'
      && document.querySelector(`#${i}-error`).textContent === '',
    id,
    { timeout: 10_000 },
  );
  await linkBecomes(page, key, value);
  assert.equal(await page.locator(`#${id}`).inputValue(), shown, `#${id} keeps the typed text`);
  assert.equal(await message(page, id), '', `#${id} has no message`);
}

/** Types an invalid value: a message next to the field, the link unchanged. */
async function typeInvalid(page, id, keys, key, says) {
  const link = await linkValue(page, key);
  const shown = await typeKeys(page, id, keys);
  await page.locator(`#${id}-error`).filter({ hasText: /\S/ }).waitFor({ timeout: 10_000 });
  const text = await message(page, id);
  assert.equal(text, says, `#${id} = ${JSON.stringify(shown)}`);
  plainWords(text);
  assert.equal(await page.locator(`#${id}`).inputValue(), shown, `#${id} keeps the invalid text`);
  assert.equal(await linkValue(page, key), link, `the link keeps the last valid ${key}`);
  const status = page.locator('#status');
  assert.equal(await status.getAttribute('data-waiting'), 'invalid');
  assert.match(await status.textContent(), /waiting to be fixed/);
  assert.doesNotMatch(await status.textContent(), /Up to date/);
}

test('every number and list field takes typing key by key', T, async () => {
  await withPage('typing-desktop', DESKTOP, async (page) => {
    await openApp(page, server.appUrl);

    // p: a decimal, every prefix shown as typed ("0." stays "0.").
    await typeValid(page, 'p', ['0.35'], 'p', '0.35');
    // A correction with Backspace, and a minus sign.
    await typeInvalid(page, 'p', ['-0.5'], 'p', 'p must be a number from 0 to 1.');
    await typeValid(page, 'p', ['0.55', { backspace: 1 }, '2'], 'p', '0.52');

    // K: a fraction, a sign, an exponent beyond N, an empty field.
    const kSays = 'K must be a whole number from 1 to N (now 40; at most 1024).';
    await typeInvalid(page, 'k', ['2.5'], 'k', kSays);
    await typeInvalid(page, 'k', ['-3'], 'k', kSays);
    await typeInvalid(page, 'k', ['1e3'], 'k', kSays);
    await typeInvalid(page, 'k', [], 'k', kSays);
    await typeValid(page, 'k', ['120', { backspace: 1 }], 'k', '12');

    // N: an exponent is a whole number; K > N is reported under K.
    await typeValid(page, 'n', ['1e3'], 'n', '1000');
    await typeValid(page, 'n', ['64'], 'n', '64');
    await typeInvalid(page, 'n', ['9000'], 'n', 'N must be a whole number from 1 to 8192.');
    await typeValid(page, 'n', ['80'], 'n', '80');

    // λ_enc: a half-typed exponent stays in the field.
    await typeInvalid(page, 'lambda-enc', ['1e'], 'le', 'λ_enc must be a number from 0 to 1e300.');
    await typeValid(page, 'lambda-enc', ['1e-6'], 'le', '1e-6');
    await typeValid(page, 'lambda-enc', ['0'], 'le', null);

    // λ_dec: clear "automatic", then type a number.
    await page.click('#lambda-dec-auto');
    await linkBecomes(page, 'ld', '1e-6');
    await typeValid(page, 'lambda-dec', ['0.001'], 'ld', '1e-3');
    await typeInvalid(page, 'lambda-dec', ['1e301'], 'ld', 'λ_dec must be a number from 0 to 1e300, or automatic.');
    await typeValid(page, 'lambda-dec', ['0.00025'], 'ld', '2.5e-4');

    // Trials and seed.
    await typeInvalid(page, 'trials', ['0'], 'tr', 'The number of trials must be a whole number from 1 to 10000.');
    await typeValid(page, 'trials', ['25'], 'tr', '25');
    await typeValid(page, 'seed', ['42'], 'seed', '42');

    // The sweep lists: a trailing comma is a list still being typed.
    await typeValid(page, 'sweep-ns', ['20, 40,'], 'ns', '20,40');
    await typeValid(page, 'sweep-ns', ['20, 40, 80'], 'ns', '20,40,80');
    await typeInvalid(
      page,
      'sweep-ns',
      ['20, x'],
      'ns',
      'The N values must be whole numbers from 1 to 8192, separated by commas (at most 12).',
    );
    await typeValid(page, 'sweep-ns', ['20, 40, 80'], 'ns', '20,40,80');
    await typeValid(page, 'sweep-ps', ['0.1, 0.25'], 'ps', '0.1,0.25');

    // The round field (panel 1) counts from 1; the link from 0.
    await typeValid(page, 'trial', ['5'], 'r', '4');
    await typeKeys(page, 'trial', ['99']);
    await page.locator('#trial-error').filter({ hasText: 'from 1 to 25' }).waitFor();

    // S, and the deadline model's three numbers.
    await page.selectOption('#model', 'fixed');
    await linkBecomes(page, 'm', 'fixed');
    await typeValid(page, 's', ['12'], 's', '12');
    await page.selectOption('#model', 'deadline');
    await linkBecomes(page, 'm', 'deadline');
    await typeValid(page, 'shift', ['0.5'], 'a', '0.5');
    await typeInvalid(page, 'rate', ['-'], 'mu', 'The rate μ must be a number above 0, at most 1e6.');
    assert.equal(await message(page, 'shift'), '', 'only the rate is marked');
    assert.equal(await message(page, 'deadline'), '', 'only the rate is marked');
    await typeValid(page, 'rate', ['2'], 'mu', '2');
    await typeValid(page, 'deadline', ['1.25'], 'tau', '1.25');

    // Enter reads the value at once (no pause needed).
    await page.selectOption('#model', 'iid');
    await typeKeys(page, 'p', ['0.15']);
    await page.keyboard.press('Enter');
    await linkBecomes(page, 'p', '0.15');
    assert.equal(await page.locator('#status').getAttribute('data-waiting'), 'none');
  });
});

test('a value waiting to be fixed at phone width: the message fits its column', T, async () => {
  await withPage('typing-phone', PHONE, async (page) => {
    await openApp(page, server.appUrl);
    await openControls(page);
    await typeInvalid(page, 'k', ['2.5'], 'k', 'K must be a whole number from 1 to N (now 40; at most 1024).');
    const fits = await page.evaluate(() => {
      const m = document.querySelector('#k-error');
      const c = m.closest('.control');
      return m.getBoundingClientRect().right <= c.getBoundingClientRect().right + 1
        && document.documentElement.scrollWidth <= window.innerWidth + 1;
    });
    assert.ok(fits, 'the message stays inside its control and the page does not scroll sideways');
    await page.locator('#k').scrollIntoViewIfNeeded();
  });
});
