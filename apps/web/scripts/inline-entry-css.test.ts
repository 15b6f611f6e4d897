import type { IndexHtmlTransformContext } from 'vite';
import { describe, expect, it } from 'vitest';
import { inlineEntryCss } from './inline-entry-css.ts';

type Handler = (html: string, ctx: IndexHtmlTransformContext) => string;
const handler = (inlineEntryCss().transformIndexHtml as { handler: Handler }).handler;
const html = (href: string) =>
  `<head><link rel="stylesheet" crossorigin href="${href}"><script type="module" src="/assets/index.js"></script></head>`;
const ctx = (bundle: Record<string, unknown>) => ({ bundle }) as unknown as IndexHtmlTransformContext;

describe("the entry's stylesheet in index.html", () => {
  it('is put inline in place of its link', () => {
    const out = handler(
      html('/assets/index-abc.css'),
      ctx({ 'assets/index-abc.css': { type: 'asset', source: 'body{margin:0}' } }),
    );
    expect(out).toBe(
      '<head><style>body{margin:0}</style><script type="module" src="/assets/index.js"></script></head>',
    );
  });

  it('stays a link when it is not in the build or could end the style element', () => {
    expect(handler(html('/assets/other.css'), ctx({}))).toBe(html('/assets/other.css'));
    const sneaky = ctx({ 'assets/x.css': { type: 'asset', source: 'a::after{content:"</style>"}' } });
    expect(handler(html('/assets/x.css'), sneaky)).toBe(html('/assets/x.css'));
  });

  it('leaves the page alone outside a build (the dev server has no bundle)', () => {
    expect(handler(html('/src/app.css'), {} as IndexHtmlTransformContext)).toBe(html('/src/app.css'));
  });
});
