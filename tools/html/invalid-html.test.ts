import { describe, expect, it } from 'vitest';
import { invalidHtml } from './invalid-html.ts';

const page = (body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>x</title></head><body>${body}</body></html>`;

describe('the HTML checker of the rendered screens', () => {
  it('takes a valid page', async () => {
    expect(await invalidHtml(page('<main><h1>Hi</h1><img src="/a.png" alt=""></main>'))).toEqual([]);
  });

  it('finds a picture with no source, sizes without srcset, and autocomplete a control does not take', async () => {
    const found = await invalidHtml(
      page(
        '<main><img alt=""><img src="/a.png" sizes="50vw" alt=""><input type="tel" autocomplete="tel-national" aria-label="Phone"></main>',
      ),
    );
    expect(found.join('\n')).toMatch(/src/);
    expect(found.join('\n')).toMatch(/sizes/);
    expect(found.join('\n')).toMatch(/autocomplete/);
  });
});
