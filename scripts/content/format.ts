// The slug form names get in content files, artist links and migrations/0008_artists.sql.

const FOLD: Record<string, string> = {
  ø: "o",
  Ø: "o",
  æ: "ae",
  Æ: "ae",
  ß: "ss",
  đ: "d",
  ł: "l",
  œ: "oe",
  þ: "th",
  ð: "d",
};

/** ASCII kebab-case: 'Björn Åström' → 'bjorn-astrom', 'Drum & Bass' → 'drum-and-bass'. */
export function slugify(text: string): string {
  return text
    .replace(/[øØæÆßđłœþð]/g, (c) => FOLD[c] ?? c)
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/['’]/g, "")
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}
