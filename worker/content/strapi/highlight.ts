/**
 * Highlights for the CMS fallback search, computed in the Worker: every occurrence of a query
 * term is wrapped in <mark>…</mark>, ignoring letter case and diacritics ('bjork' marks
 * 'Björk'). The rest of the text is left as it is; renderers escape everything but the two tags
 * (core/search/results.ts, Highlights).
 */

function fold(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

/** The text folded, with the index in the original text of every folded character. */
function foldWithMap(text: string): { folded: string; origin: number[] } {
  let folded = "";
  const origin: number[] = [];
  let i = 0;
  for (const ch of text) {
    const f = fold(ch);
    for (let k = 0; k < f.length; k++) origin.push(i);
    folded += f;
    i += ch.length;
  }
  origin.push(i);
  return { folded, origin };
}

/** Distinct folded terms of a query, longest first so overlapping matches prefer the longer. */
export function queryTerms(query: string): string[] {
  const terms = fold(query)
    .split(/\s+/)
    .map((t) => t.trim())
    .filter(Boolean);
  return [...new Set(terms)].sort((a, b) => b.length - a.length);
}

export function highlight(text: string, query: string): string {
  const terms = queryTerms(query);
  if (!text || terms.length === 0) return text;
  const { folded, origin } = foldWithMap(text);
  const ranges: Array<[number, number]> = [];
  for (const term of terms) {
    for (let at = folded.indexOf(term); at !== -1; at = folded.indexOf(term, at + term.length)) {
      ranges.push([origin[at] ?? 0, origin[at + term.length] ?? text.length]);
    }
  }
  if (ranges.length === 0) return text;
  ranges.sort((a, b) => a[0] - b[0]);
  const merged: Array<[number, number]> = [];
  for (const r of ranges) {
    const last = merged[merged.length - 1];
    if (last && r[0] <= last[1]) last[1] = Math.max(last[1], r[1]);
    else merged.push([r[0], r[1]]);
  }
  let out = "";
  let pos = 0;
  for (const [start, end] of merged) {
    out += `${text.slice(pos, start)}<mark>${text.slice(start, end)}</mark>`;
    pos = end;
  }
  return out + text.slice(pos);
}
