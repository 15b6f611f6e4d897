/**
 * Pictures for the catalogue: OpenMoji's colour illustrations (CC BY-SA 4.0), bundled in the
 * `openmoji` npm package and served by Petti itself under `/art/` (docs/pictures.md). A picture is
 * named by its OpenMoji hexcode: the emoji's code points in upper-case hex joined by `-`, without the
 * variation selector U+FE0F unless the emoji is a sequence joined by U+200D.
 */
export const ART_PREFIX = '/art/';

/** `/art/1F35A.svg`: a bundled picture's path, exactly as the server serves it. */
export const ART_PATH = /^\/art\/(?:[0-9A-F]{4,6})(?:-[0-9A-F]{4,6}){0,7}\.svg$/;

/** The hexcode OpenMoji files an emoji under: "🖨️" → "1F5A8", "🧑‍🌾" → "1F9D1-200D-1F33E". */
export function artHexcode(emoji: string): string {
  const points = [...emoji].map((ch) => ch.codePointAt(0)!);
  const joined = points.includes(0x200d);
  return points
    .filter((p) => joined || p !== 0xfe0f)
    .map((p) => p.toString(16).toUpperCase().padStart(4, '0'))
    .join('-');
}

/** The bundled picture of an emoji (a category's icon): "🛒" → "/art/1F6D2.svg". */
export const artPathOf = (emoji: string): string => `${ART_PREFIX}${artHexcode(emoji)}.svg`;
