/**
 * Letters FTS5's unicode61 tokenizer keeps as they are, because Unicode does not decompose them
 * into a base letter plus an accent: 'Møller' would not match 'moller'. Accents proper (ö, é, å)
 * are removed by the tokenizer itself (remove_diacritics 2).
 */
export const FOLDED_LETTERS: ReadonlyArray<readonly [string, string]> = [
  ["ø", "o"],
  ["Ø", "o"],
  ["æ", "ae"],
  ["Æ", "ae"],
  ["ß", "ss"],
  ["đ", "d"],
  ["Đ", "d"],
  ["ł", "l"],
  ["Ł", "l"],
  ["œ", "oe"],
  ["Œ", "oe"],
  ["þ", "th"],
  ["Þ", "th"],
  ["ð", "d"],
  ["Ð", "d"],
];

/** The text with those letters spelt in ASCII. */
export function foldLetters(text: string): string {
  let out = text;
  for (const [from, to] of FOLDED_LETTERS) out = out.replaceAll(from, to);
  return out;
}

/** The same folding as an SQL expression over `expr` (for the FTS rebuild). */
export function foldSql(expr: string): string {
  return FOLDED_LETTERS.reduce((acc, [from, to]) => `replace(${acc}, '${from}', '${to}')`, expr);
}
