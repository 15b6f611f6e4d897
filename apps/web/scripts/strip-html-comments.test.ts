import { describe, expect, it } from 'vitest';
import { withoutComments } from './strip-html-comments.ts';

describe('withoutComments', () => {
  it('takes out comments on lines of their own, over several lines, and inside a line', () => {
    const html = [
      '<body>',
      '  <div id="root"></div>',
      '  <!--',
      '    Why the splash is drawn with the page.',
      '  -->',
      '  <div id="boot"><!--marker--><span>Petti</span></div>',
      '</body>',
    ].join('\n');
    expect(withoutComments(html)).toBe(
      ['<body>', '  <div id="root"></div>', '  <div id="boot"><span>Petti</span></div>', '</body>'].join(
        '\n',
      ),
    );
  });

  it('leaves scripts and styles whole', () => {
    const html =
      '<script>const s = "<!-- not a comment -->";</script>\n<style>/* <!-- */</style><!-- gone -->';
    expect(withoutComments(html)).toBe(
      '<script>const s = "<!-- not a comment -->";</script>\n<style>/* <!-- */</style>',
    );
  });

  it('leaves a page without comments as it is', () => {
    const html = '<p>a -- b, 1 < 2 > 0</p>\n<script>const x = 1 > 0;</script>';
    expect(withoutComments(html)).toBe(html);
  });
});
