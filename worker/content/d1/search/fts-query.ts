/**
 * Turns visitor text into an FTS5 MATCH expression that can never be a syntax error: only runs
 * of letters and digits survive, each becomes a quoted prefix term ("techn"*), so quotes, `*`,
 * NEAR, AND, parentheses and column filters in the text are plain words or nothing at all.
 */

import { foldLetters } from "./fold";

const WORD = /[\p{L}\p{N}]+/gu;
/** Enough for any real query; bounds the work a 10 KB string can cause. */
const MAX_TERMS = 8;
const MAX_TERM_LENGTH = 40;
const MAX_TEXT = 200;

/** The searchable words of a query, lower-cased, in order, without repeats. */
export function ftsTerms(text: string): string[] {
  const words = foldLetters(text.slice(0, MAX_TEXT)).toLowerCase().match(WORD) ?? [];
  const unique = [...new Set(words.map((w) => w.slice(0, MAX_TERM_LENGTH)))];
  return unique.slice(0, MAX_TERMS);
}

/**
 * A MATCH expression: every term (AND) or any term (OR), each a prefix, optionally limited to
 * some columns. null when the text has no searchable word.
 */
export function ftsMatch(terms: string[], mode: "all" | "any", columns?: string[]): string | null {
  if (terms.length === 0) return null;
  const expr = terms.map((t) => `"${t}"*`).join(mode === "all" ? " " : " OR ");
  return columns?.length ? `{${columns.join(" ")}} : (${expr})` : expr;
}
