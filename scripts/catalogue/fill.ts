// Sentence templates filled from a context of names, places and words.

export type Context = Record<string, string>;

/** English possessive: "Marlon Reeves'" but "Zoë Lefèvre's". */
const possessive = (name: string) => (name.endsWith("s") ? `${name}'` : `${name}'s`);

/**
 * Fills '{key}' placeholders from the context; "{key's}" gives the possessive. '{quote}' draws
 * the next unused quote so an interview never repeats one. A missing key is a bug in the
 * templates, so it throws. The result starts with a capital letter.
 */
export function fill(template: string, ctx: Context, quotes: string[] = []): string {
  const text = template.replace(/\{(\w+)('s)?\}/g, (_, key: string, poss?: string) => {
    if (key === "quote") {
      const quote = quotes.shift();
      if (!quote) throw new Error("ran out of quotes");
      return quote;
    }
    const value = ctx[key];
    if (value === undefined) throw new Error(`template key {${key}} missing in: ${template}`);
    return poss ? possessive(value) : value;
  });
  // A template ending in '.' after a value like '4 a.m.' must not double the full stop.
  const sentence = text.replace(/\.\.(?=\s|$)/g, ".");
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}
