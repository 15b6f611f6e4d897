import assert from 'node:assert/strict';
import { setTimeout as delay } from 'node:timers/promises';
import { type Journey, journey } from '../runner.ts';
import { newShopper, signedIn } from '../shopper.ts';

/** The help centre: search the questions, narrow by topic, and an honest answer when nothing fits. */
export const helpJourneys: Journey[] = [
  journey('Shoppers find an answer in the help centre', async ({ page, baseUrl, screenshot }) => {
    const shopper = await newShopper(baseUrl, 'Help Seeker');
    await signedIn(page, shopper, '/helpCenter');
    const search = page.getByTestId('help-search');
    await search.waitFor();
    const all = await page.getByTestId('faq-list').locator('details').count();
    assert.ok(all >= 10, `the FAQ lists its questions (${all})`);

    await search.fill('cancel order');
    const answer = page.getByTestId('faq-cancel-order');
    await answer.waitFor();
    assert.equal(await page.getByTestId('faq-list').locator('details').count(), 1, 'one answer');
    assert.match(await answer.innerText(), /refunded in full/, 'a single answer opens by itself');
    await screenshot('help-cancel-order');

    await search.fill('helicopter');
    await page.getByTestId('help-empty').waitFor();
    await page.getByTestId('help-empty').getByRole('button').click();
    assert.equal(await search.inputValue(), '', 'Clear empties the search');

    await page.getByTestId('help-topic-payments').click();
    const payments = await page.getByTestId('faq-list').locator('details').count();
    assert.ok(payments > 0 && payments < all, `a topic narrows the list (${payments} of ${all})`);
    await page.getByTestId('faq-receipts').locator('summary').click();
    assert.match(await page.getByTestId('faq-receipts').innerText(), /CGST and SGST/);
    await screenshot('help-payments');
  }),

  journey(
    'Shoppers ask the help chat and get answers from the FAQ and their own orders',
    async ({ page, baseUrl, screenshot }) => {
      const shopper = await newShopper(baseUrl, 'Chat Asker');
      // A slow connection: the orders arrive after the first question is asked. It is answered when
      // they do, not with "ask again".
      await page.route(/\/api\/orders(\?|$)/, async (route) => {
        await delay(1500);
        await route.continue();
      });
      await signedIn(page, shopper, '/chatBot');
      const log = page.getByTestId('chat-log');
      await log.getByTestId('chat-bot').first().waitFor();
      const lastReply = () => log.getByTestId('chat-bot').last().innerText();

      // A suggestion about their own orders: none under way yet.
      await page.getByTestId('chat-suggestions').getByRole('button').first().click();
      await page.getByTestId('chat-checking').waitFor();
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="chat-bot"]').length === 2);
      assert.match(
        await lastReply(),
        /^Petti help:\s+You have no order under way right now\.$/,
        'just the status',
      );

      await page.getByTestId('chat-input').fill('how do I cancel my order');
      await page.getByTestId('chat-input').press('Enter');
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="chat-bot"]').length === 3);
      const reply = await lastReply();
      assert.match(reply, /until the shop starts packing/, 'the FAQ answer');
      assert.match(reply, /no order under way/, 'and their orders, as they asked about "my order"');

      await page.getByTestId('chat-input').fill('what is the weather in Madurai');
      await page.getByRole('button', { name: 'Send' }).click();
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="chat-bot"]').length === 4);
      assert.match(await lastReply(), /could not find an answer/);
      await log.getByRole('link', { name: 'Help centre' }).last().waitFor();
      assert.equal(
        await page.getByTestId('chat-input').inputValue(),
        '',
        'the input is cleared after sending',
      );
      await screenshot('help-chat');
    },
  ),
];
