import { HtmlValidate } from 'html-validate';

/**
 * What is not valid HTML in a page, by html-validate's standard rules (conformance to the HTML
 * standard only, no house style), with no network. The browser journeys run it over each main
 * screen's DOM (tools/e2e/journeys/html-validity.ts).
 */
const validator = new HtmlValidate({
  extends: ['html-validate:standard'],
  elements: [
    'html5',
    {
      // HTML: `sizes` on an image means something only beside a `srcset` (the W3C checker says so).
      img: {
        attributes: {
          sizes: {
            allowed: (node: { hasAttribute(name: string): boolean }) =>
              node.hasAttribute('srcset') ? null : 'without a srcset',
          },
        },
      },
    },
  ],
  rules: {
    'attribute-misuse': 'error',
    // The checked text is the live DOM re-serialised, behind a doctype the journey writes itself.
    'doctype-style': 'off',
    // Void elements as the DOM serialises them (`<br>`), whichever way the source spelled them.
    'void-style': 'off',
  },
});

/** One line per problem: the rule, what it found and where. */
export async function invalidHtml(html: string): Promise<string[]> {
  const report = await validator.validateString(html);
  return report.results.flatMap((r) =>
    r.messages.map((m) => `${m.ruleId}: ${m.message} (${m.selector ?? `line ${m.line}`})`),
  );
}
