import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';

/**
 * Key text a person can actually read: present, scrolled into view, of a real size and inside the
 * window, with the words expected. A 1 px heading passes a DOM check but fails this one.
 */
export async function expectVisibleText(locator: Locator, text?: string | RegExp): Promise<void> {
  await locator.waitFor({ state: 'visible' });
  await locator.scrollIntoViewIfNeeded();
  const box = await locator.boundingBox();
  assert.ok(box, 'no box: the element is not rendered');
  assert.ok(box.width >= 8 && box.height >= 8, `too small to read: ${box.width}×${box.height}`);
  const viewport = locator.page().viewportSize();
  if (viewport) {
    assert.ok(box.x < viewport.width && box.x + box.width > 0, 'outside the window horizontally');
    assert.ok(box.y < viewport.height && box.y + box.height > 0, 'outside the window vertically');
  }
  if (text !== undefined) {
    const shown = await locator.innerText();
    if (typeof text === 'string') assert.ok(shown.includes(text), `expected "${text}" in "${shown}"`);
    else assert.match(shown, text);
  }
}

/** A picture a person can see: loaded (not a broken image), of a real size, inside the window. */
export async function expectPicture(picture: Locator, src: RegExp): Promise<void> {
  await picture.waitFor({ state: 'visible' });
  await picture.scrollIntoViewIfNeeded();
  // A picture far down a first screen is asked for once it comes near the screen (NearImage).
  for (let tries = 0; !src.test((await picture.getAttribute('src')) ?? '') && tries < 50; tries++)
    await picture.page().waitForTimeout(100);
  assert.match((await picture.getAttribute('src')) ?? '', src);
  await picture.evaluate((img: HTMLImageElement) =>
    img.complete && img.naturalWidth > 0
      ? undefined
      : new Promise((resolve, reject) => {
          img.addEventListener('load', resolve, { once: true });
          img.addEventListener('error', () => reject(new Error(`${img.src} did not load`)), { once: true });
        }),
  );
  const box = await picture.boundingBox();
  assert.ok(box && box.width >= 40 && box.height >= 40, `picture too small: ${JSON.stringify(box)}`);
}

/**
 * A control a person can see and operate: drawn (not made see-through, as a chip's hidden input is), of a
 * finger's size or near it, inside the window. Returns whether it is ticked, for a checkbox or radio.
 */
export async function expectVisibleControl(control: Locator): Promise<boolean> {
  await control.waitFor({ state: 'visible' });
  await control.scrollIntoViewIfNeeded();
  const box = await control.boundingBox();
  assert.ok(box && box.width >= 16 && box.height >= 16, `control too small to see: ${JSON.stringify(box)}`);
  const opacity = await control.evaluate((element) => {
    let seen = 1;
    for (let e: Element | null = element; e; e = e.parentElement) seen *= Number(getComputedStyle(e).opacity);
    return seen;
  });
  assert.ok(opacity >= 0.5, `control drawn see-through (opacity ${opacity})`);
  return control.isChecked().catch(() => false);
}

/** What a person sees as the page opens, without scrolling: the result they waited for. */
export async function expectInViewAsOpened(locator: Locator, text?: string | RegExp): Promise<void> {
  await locator.waitFor({ state: 'visible' });
  const box = await locator.boundingBox();
  const viewport = locator.page().viewportSize();
  assert.ok(box && viewport, 'no box: the element is not rendered');
  assert.ok(
    box.y >= 0 && box.y + box.height <= viewport.height,
    `below the fold as the page opens (top ${Math.round(box.y)}, window ${viewport.height})`,
  );
  if (text !== undefined) await expectVisibleText(locator, text);
}

/**
 * The texts on screen cut short with "…": longer than their place. The text's own width is measured,
 * since scrollWidth rounds and a word over by half a pixel is cut all the same.
 */
export function cutShort(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((e) => getComputedStyle(e).textOverflow === 'ellipsis' && e.getClientRects().length > 0)
      .filter((e) => {
        const text = document.createRange();
        text.selectNodeContents(e);
        const style = getComputedStyle(e);
        const room =
          e.getBoundingClientRect().width - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        return text.getBoundingClientRect().width > room + 0.01;
      })
      .map((e) => e.innerText.trim())
      .filter(Boolean)
      .concat(
        // A select draws its chosen option clipped, with no "…": it is cut when it is narrower than
        // a copy of itself holding only that option, at its own width.
        [...document.querySelectorAll<HTMLSelectElement>('select')]
          .filter((select) => select.getClientRects().length > 0 && select.selectedOptions[0])
          .filter((select) => {
            const chosen = select.selectedOptions[0]!;
            const copy = select.cloneNode(false) as HTMLSelectElement;
            copy.append(chosen.cloneNode(true));
            copy.style.cssText =
              'position:absolute;visibility:hidden;width:auto;min-width:0;max-width:none;flex:none';
            select.parentElement!.append(copy);
            const needed = copy.getBoundingClientRect().width;
            copy.remove();
            return select.getBoundingClientRect().width + 0.5 < needed;
          })
          .map((select) => select.selectedOptions[0]!.text.trim()),
      ),
  );
}

/** At a phone's width nothing scrolls sideways and no words are cut short with "…". */
export async function fitsThePhone(page: Page, what: string): Promise<void> {
  const wide = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(wide <= page.viewportSize()!.width, `${what} is ${wide} px wide on a 360 px phone`);
  assert.deepEqual(await cutShort(page), [], `${what}: words cut short`);
}

/** A toast with this text, on screen (an announcement for screen readers is not enough). */
export async function seeToast(page: Page, text: string): Promise<void> {
  await expectVisibleText(page.locator('.toast').filter({ hasText: text }).first());
}
