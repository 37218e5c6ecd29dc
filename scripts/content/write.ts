/**
 * The catalogue → content files, the inverse of parse.ts + resolve.ts: what `npm run content --
 * export` writes. Fields come in a fixed order, null fields and empty
 * lists are left out, and every file is read back before it is returned, so a file that would
 * not import to the same rows is an error here rather than a silent change later.
 */

import matter from "gray-matter";
import { type Document, toDocument } from "../../core/content/document";
import { documentToBody } from "../../core/content/document-markdown";
import { type AnyContentKind, drop, type Front, type WriteContext } from "./kinds/kind";
import { CONTENT_KINDS } from "./kinds/list";
import { paragraphsToBody, splitText } from "./markdown";
import type { Catalogue } from "./types";

/**
 * One file's text, its body given as Markdown. `lineWidth: -1` keeps every value on one line;
 * `noRefs` never writes YAML anchors.
 */
export function fileText(front: Front, body: string): string {
  const yamlOptions = { lineWidth: -1, noRefs: true } as Parameters<typeof matter.stringify>[2];
  return matter.stringify(body, drop(front), yamlOptions);
}

/**
 * Every record of the catalogue as a file: path inside the content directory → text. Paths are
 * `<folder>/<name>.md`, the name its slug or its kind's `fileName` (aggregated posts have no
 * slug and are named after their title); the body is its kind's `body` field.
 */
export function catalogueToFiles(c: Catalogue): Map<string, string> {
  const files = new Map<string, string>();
  const records = c as unknown as Record<string, Array<{ id: number; slug?: string }>>;
  const slugById = new Map<string, Map<number, string>>();
  const slugOf = (folder: string) => {
    let names = slugById.get(folder);
    if (!names) {
      const kind = CONTENT_KINDS.find((k) => k.folder === folder);
      names = new Map((kind ? (records[kind.key] ?? []) : []).map((r) => [r.id, r.slug as string]));
      slugById.set(folder, names);
    }
    return names;
  };
  const slugs: WriteContext["slugs"] = (folder, ids) =>
    ids.map((id) => slugOf(folder).get(id) ?? `unknown-${id}`);
  const ctx: WriteContext = {
    slugs,
    slug: (folder, id) => (id === null ? null : (slugOf(folder).get(id) ?? null)),
    entrySlugs: (list, entry) =>
      slugs(
        "artists",
        list.filter((e) => e.entry === entry).map((e) => e.artist_id),
      ),
  };
  for (const kind of CONTENT_KINDS as readonly AnyContentKind[]) {
    const names = new Set<string>();
    for (const record of records[kind.key] ?? []) {
      const name = kind.fileName ? kind.fileName(record, names) : (record.slug as string);
      names.add(name);
      const body = kind.body && (record as Record<string, unknown>)[kind.body.column];
      const markdown = !kind.body
        ? ""
        : kind.body.as === "document"
          ? documentToBody(toDocument(body as Document))
          : paragraphsToBody(splitText(body as string));
      files.set(`${kind.folder}/${name}.md`, fileText(kind.toFront(record, ctx), markdown));
    }
  }
  return files;
}

/**
 * catalogueToFiles, then every file read back and written again: a file that would not come
 * back the same (a text the Markdown body cannot hold, a broken reference) is an error naming it.
 */
export function checkedCatalogueFiles(
  c: Catalogue,
  readBack: (files: Map<string, string>) => Catalogue,
): Map<string, string> {
  const files = catalogueToFiles(c);
  const again = catalogueToFiles(readBack(files));
  for (const [path, text] of files) {
    if (again.get(path) !== text) {
      throw new Error(`${path}: does not read back as written; its text would change on import`);
    }
  }
  return files;
}
