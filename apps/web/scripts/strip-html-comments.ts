import type { Plugin } from 'vite';

/**
 * Takes the maintainers' comments out of the built index.html, after every other change to it (their
 * markers, like `<!--boot-logo-->`, are used up by then): every first visit downloads the page, and
 * no phone needs to read why it is built as it is.
 */
export function stripHtmlComments(): Plugin {
  return {
    name: 'petti-strip-html-comments',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) => withoutComments(html),
    },
  };
}

/**
 * The page without its `<!-- … -->` comments, nor the blank line each leaves; scripts and styles are
 * left whole, where `<!--` may be part of the code.
 */
export function withoutComments(html: string): string {
  return html.replace(
    /(<(script|style)\b[\s\S]*?<\/\2>)|\n?[ \t]*<!--[\s\S]*?-->[ \t]*(?=\n)|<!--[\s\S]*?-->/g,
    (_match, kept: string | undefined) => kept ?? '',
  );
}
