/**
 * Content files → validated items (docs/decisions/033-content-files.md). Every file is read and
 * every problem collected before anything is written: a caller gets all problems at once, each
 * naming the file, the field and what is wrong.
 */
import matter from "gray-matter";
import * as v from "valibot";
import type { AnyContentKind, FrontOf, Parsed } from "./kinds/kind";

export type { Parsed };

import { bodyToDocument } from "../../core/content/document-markdown";
import { CONTENT_KINDS, type ContentKindOf } from "./kinds/list";
import { bodyToParagraphs } from "./markdown";
import { type ContentProblem, issuesToProblems } from "./schema";

export type Kind = ContentKindOf["folder"];
/** The folders of a content directory, one per kind, in the order they are loaded. */
export const KINDS = CONTENT_KINDS.map((kind) => kind.folder) as readonly Kind[];
/** Each folder's kind (scripts/content/kinds/). */
export const KIND_OF = Object.fromEntries(CONTENT_KINDS.map((kind) => [kind.folder, kind])) as Record<
  Kind,
  AnyContentKind
>;

/** An empty list for every kind. */
export function emptyByKind<T>(): Record<Kind, T[]> {
  return Object.fromEntries(KINDS.map((kind) => [kind, []])) as unknown as Record<Kind, T[]>;
}

/** The items of each folder, as its front matter schema reads them. */
export type ParsedContent = { [K in ContentKindOf as K["folder"]]: Parsed<FrontOf<K>>[] };

/**
 * Front matter is YAML only. gray-matter also reads the language named after the opening
 * `---` (`---js`, `---javascript` through eval, `---coffee`, `---json`): a content file would run
 * code on the operator's machine or in CI (docs/security.md). The check reads the opening line
 * as gray-matter does; the engines below refuse as well, should a spelling slip past it.
 */
function notYaml(text: string): string | null {
  if (!matter.test(text) || text.charAt(3) === "-") return null;
  const { name } = matter.language(text);
  return name === "" || /^ya?ml$/i.test(name) ? null : name;
}

const refuse = () => {
  throw new Error("front matter must be YAML");
};
const YAML_ONLY = {
  language: "yaml",
  engines: {
    javascript: refuse,
    js: refuse,
    json: refuse,
    coffee: refuse,
    coffeescript: refuse,
    cson: refuse,
  },
};
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

function where(path: string): { kind: Kind; slug: string } | "ignored" | string {
  const parts = path.split("/");
  if (!path.endsWith(".md")) return "ignored";
  if (parts.length === 1) return "ignored"; // a README.md beside the folders
  const kind = parts[0] as Kind;
  if (!KINDS.includes(kind)) return `is not in a content folder (${KINDS.join(", ")})`;
  if (parts.length === 2) return { kind, slug: (parts[1] as string).slice(0, -3) };
  if (parts.length === 3 && parts[2] === "index.md") return { kind, slug: parts[1] as string };
  return `must be ${kind}/<slug>.md or ${kind}/<slug>/index.md`;
}

/**
 * Parses and validates every Markdown file of a content directory (`files`: path → text). Other
 * files (media) are left to the caller. Returns the items by kind, in path order, and every
 * problem found.
 */
export function parseContent(files: ReadonlyMap<string, string>): {
  content: ParsedContent;
  problems: ContentProblem[];
} {
  const content = emptyByKind() as ParsedContent;
  const problems: ContentProblem[] = [];
  for (const file of [...files.keys()].sort()) {
    const place = where(file);
    if (place === "ignored") continue;
    if (typeof place === "string") {
      problems.push({ file, field: "(file name)", message: place });
      continue;
    }
    if (!SLUG.test(place.slug)) {
      problems.push({
        file,
        field: "(file name)",
        message: "the file name is the slug: lower-case letters, digits and single hyphens",
      });
    }
    const text = files.get(file) as string;
    const language = notYaml(text);
    if (language !== null) {
      problems.push({
        file,
        field: "(front matter)",
        message: `must be YAML (between --- lines), not ---${language}: nothing else is read`,
      });
      continue;
    }
    let data: unknown;
    let body: string;
    try {
      // Options given, so gray-matter does not hand back a cached (shared) object.
      const parsed = matter(text, YAML_ONLY);
      data = parsed.data;
      body = parsed.content;
    } catch (error) {
      const reason = error instanceof Error ? error.message.split("\n")[0] : String(error);
      problems.push({ file, field: "(front matter)", message: `is not valid YAML: ${reason}` });
      continue;
    }
    const kind = KIND_OF[place.kind];
    const schema = kind.schema as v.StrictObjectSchema<Record<string, v.GenericSchema>, undefined>;
    const result = v.safeParse(schema, data, { abortPipeEarly: true });
    const rich = kind.body?.as === "document";
    const { paragraphs, problems: bodyProblems } = rich
      ? { paragraphs: [], problems: [] }
      : bodyToParagraphs(body);
    const { document, problems: documentProblems } = rich
      ? bodyToDocument(body)
      : { document: [], problems: [] };
    for (const p of [...bodyProblems, ...documentProblems])
      problems.push({ file, field: `body (line ${p.line})`, message: p.message });
    // A kind without a body (genres, locations): a body there is a mistake worth telling.
    if (!kind.body && paragraphs.length) {
      problems.push({
        file,
        field: "body",
        message: `must be empty: a ${place.kind.slice(0, -1)} has no text`,
      });
    }
    if (!result.success) {
      problems.push(...issuesToProblems(file, result.issues, Object.keys(schema.entries)));
      continue;
    }
    (content[place.kind] as Parsed<unknown>[]).push({
      file,
      slug: place.slug,
      front: result.output,
      paragraphs,
      document,
    });
  }
  return { content, problems };
}
