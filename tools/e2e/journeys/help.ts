import assert from 'node:assert/strict';
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
];
