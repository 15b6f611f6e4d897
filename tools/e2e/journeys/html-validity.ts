import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { invalidHtml } from '../../html/invalid-html.ts';
import { type Journey, journey } from '../runner.ts';
import { onEveryScreen } from '../screens.ts';

/**
 * The rendered screens are valid HTML: each screen's DOM, as React left it once settled, checked by
 * html-validate's standard rules in this process, with no network (tools/html/invalid-html.ts).
 */

const pageOf = (body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>t</title></head><body>${body}</body></html>`;

/**
 * The screen's document, and apart from it its templates' contents: a `<template>`'s content is not
 * part of its document (HTML), though a checker reading the text would take it so.
 */
async function renderedOf(page: Page) {
  return page.evaluate(() => {
    const copy = document.documentElement.cloneNode(true) as HTMLElement;
    const found = [...copy.querySelectorAll('template')];
    for (const t of found) t.remove();
    return { html: copy.outerHTML, templates: found.map((t) => ({ id: t.id, body: t.innerHTML })) };
  });
}

export const htmlValidityJourneys: Journey[] = [
  journey(
    'Every main screen renders valid HTML (html-validate, standard rules)',
    async ({ page, baseUrl }) => {
      const problems: string[] = [];
      let templatesChecked = false;
      const check = async (path: string) => {
        const { html, templates } = await renderedOf(page);
        for (const p of await invalidHtml(`<!doctype html>\n${html}`)) problems.push(`${path}: ${p}`);
        // The first screens' templates are the same on every page: checked once, each as a page's body.
        if (templatesChecked) return;
        templatesChecked = true;
        for (const t of templates.filter((x) => !x.id.endsWith('-style')))
          for (const p of await invalidHtml(pageOf(t.body))) problems.push(`template ${t.id}: ${p}`);
      };
      await onEveryScreen(page, baseUrl, 'Valid Markup', check);
      assert.deepEqual(problems, [], `HTML that is not valid:\n${problems.join('\n')}`);
    },
  ),
];
