import assert from 'node:assert/strict';
import { setTimeout as delay } from 'node:timers/promises';
import { type Journey, journey } from '../runner.ts';
import { newShopper, signedIn } from '../shopper.ts';
import { expectVisibleText } from '../visible.ts';

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
    // A person is always one tap away: the configured phone, WhatsApp and email.
    await expectVisibleText(page.getByTestId('human-help'), 'Talk to a person');
    assert.match((await page.getByTestId('support-call').getAttribute('href')) ?? '', /^tel:\+\d{10,}$/);
    assert.match(
      (await page.getByTestId('support-whatsapp').getAttribute('href')) ?? '',
      /^https:\/\/wa\.me\/\d+$/,
    );
    assert.match((await page.getByTestId('support-email').getAttribute('href')) ?? '', /^mailto:.+@/);
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

      // Something the FAQ does not cover, though it shares a word ("book"): said so, with a person to ask.
      await page.getByTestId('chat-input').fill('book me a taxi to Madurai');
      await page.getByRole('button', { name: 'Send' }).click();
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="chat-bot"]').length === 4);
      assert.match(await lastReply(), /do not have a good answer/);
      assert.doesNotMatch(await lastReply(), /choose a site/i, 'not the locker how-to');
      await log.getByRole('link', { name: 'Help centre' }).last().waitFor();
      assert.equal(
        await page.getByTestId('chat-input').inputValue(),
        '',
        'the input is cleared after sending',
      );

      // Asking for a person: the help desk's phone, WhatsApp and email, never an FAQ answer.
      await page.getByTestId('chat-input').fill('I want to talk to a human');
      await page.getByTestId('chat-input').press('Enter');
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="chat-bot"]').length === 5);
      assert.match(await lastReply(), /reach a person/);
      const call = log
        .getByTestId('chat-bot')
        .last()
        .getByRole('link', { name: /^Call / });
      assert.match((await call.getAttribute('href')) ?? '', /^tel:\+\d+$/);
      await expectVisibleText(page.getByTestId('human-help'), 'Talk to a person');
      await screenshot('help-chat');
    },
  ),
];
