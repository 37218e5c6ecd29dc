/**
 * Meilisearch's filter and sort parameters as its reference documents them (filter expression
 * reference; search parameters `filter`, `sort`, `facets`), for the stand-in in ./server.ts:
 * conditions `attr = value`, `!=`, `>`, `>=`, `<`, `<=`, `attr a TO b`, `attr [NOT] IN [..]`,
 * `attr [NOT] EXISTS`, `attr IS [NOT] NULL|EMPTY`, combined with NOT, AND, OR (in that order of
 * precedence) and parentheses; values bare or in single or double quotes with backslash escapes;
 * a filter given as an array is an AND of its items, an inner array an OR. Attributes must be
 * filterable (sortable for `sort`), else the service answers 400 with `invalid_search_filter`,
 * `invalid_search_sort` or `invalid_search_facets`; so does the stand-in.
 */

export class MeiliError extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

type Node =
  | { op: "and" | "or"; items: Node[] }
  | { op: "not"; item: Node }
  | { op: "cmp"; attr: string; cmp: "=" | "!=" | ">" | ">=" | "<" | "<="; value: string }
  | { op: "to"; attr: string; from: string; to: string }
  | { op: "in"; attr: string; values: string[] }
  | { op: "exists" | "null" | "empty"; attr: string };

interface Token {
  kind: "word" | "quoted" | "punct";
  text: string;
  at: number;
}

const PUNCT = ["!=", ">=", "<=", "=", ">", "<", "(", ")", "[", "]", ","];

function tokenize(input: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < input.length) {
    const c = input[i] as string;
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (c === '"' || c === "'") {
      let text = "";
      let j = i + 1;
      for (; j < input.length && input[j] !== c; j++) {
        if (input[j] === "\\" && j + 1 < input.length) j++;
        text += input[j];
      }
      if (j >= input.length)
        throw filterSyntax(`Expression \`${input.slice(i)}\` is missing a closing quote.`);
      tokens.push({ kind: "quoted", text, at: i });
      i = j + 1;
      continue;
    }
    const punct = PUNCT.find((p) => input.startsWith(p, i));
    if (punct) {
      tokens.push({ kind: "punct", text: punct, at: i });
      i += punct.length;
      continue;
    }
    let j = i;
    while (j < input.length && !/[\s()[\],=!<>'"]/.test(input[j] as string)) j++;
    tokens.push({ kind: "word", text: input.slice(i, j), at: i });
    i = j;
  }
  return tokens;
}

const filterSyntax = (message: string) => new MeiliError(message, "invalid_search_filter");

const KEYWORDS = new Set(["AND", "OR", "NOT", "TO", "IN", "EXISTS", "IS", "NULL", "EMPTY"]);

/** Parses one filter string into a tree, or throws invalid_search_filter. */
export function parseFilter(input: string): Node {
  const tokens = tokenize(input);
  let pos = 0;
  const peek = () => tokens[pos];
  const isWord = (word: string) => peek()?.kind === "word" && peek()?.text === word;
  const fail = (expected: string): never => {
    const t = peek();
    throw filterSyntax(
      t
        ? `Was expecting ${expected} but instead got \`${t.text}\` at position ${t.at + 1} of \`${input}\`.`
        : `Was expecting ${expected} at the end of \`${input}\`.`,
    );
  };
  const value = (): string => {
    const t = peek();
    if (!t || t.kind === "punct" || (t.kind === "word" && KEYWORDS.has(t.text))) return fail("a value");
    pos++;
    return t.text;
  };
  const expect = (text: string) => {
    if (peek()?.kind !== "punct" || peek()?.text !== text) fail(`\`${text}\``);
    pos++;
  };

  function condition(): Node {
    if (peek()?.kind === "punct" && peek()?.text === "(") {
      pos++;
      const inner = or();
      expect(")");
      return inner;
    }
    const attr = value();
    const t = peek();
    if (t?.kind === "punct" && ["=", "!=", ">", ">=", "<", "<="].includes(t.text)) {
      pos++;
      return { op: "cmp", attr, cmp: t.text as "=", value: value() };
    }
    const negated = isWord("NOT");
    if (negated) pos++;
    if (isWord("IN")) {
      pos++;
      expect("[");
      const values: string[] = [];
      if (!(peek()?.kind === "punct" && peek()?.text === "]")) {
        values.push(value());
        while (peek()?.kind === "punct" && peek()?.text === ",") {
          pos++;
          if (peek()?.kind === "punct" && peek()?.text === "]") break;
          values.push(value());
        }
      }
      expect("]");
      const node: Node = { op: "in", attr, values };
      return negated ? { op: "not", item: node } : node;
    }
    if (isWord("EXISTS")) {
      pos++;
      const node: Node = { op: "exists", attr };
      return negated ? { op: "not", item: node } : node;
    }
    if (negated) return fail("`IN` or `EXISTS` after `NOT`");
    if (isWord("IS")) {
      pos++;
      const not = isWord("NOT");
      if (not) pos++;
      let node: Node;
      if (isWord("NULL")) node = { op: "null", attr };
      else if (isWord("EMPTY")) node = { op: "empty", attr };
      else return fail("`NULL` or `EMPTY`");
      pos++;
      return not ? { op: "not", item: node } : node;
    }
    if (t && t.kind !== "punct" && !(t.kind === "word" && KEYWORDS.has(t.text))) {
      const from = value();
      if (!isWord("TO")) return fail("`TO`");
      pos++;
      return { op: "to", attr, from, to: value() };
    }
    return fail("`=`, `!=`, `>`, `>=`, `<`, `<=`, `TO`, `EXISTS`, `IN`, `IS`, `NOT IN` or `NOT EXISTS`");
  }
  function not(): Node {
    if (isWord("NOT")) {
      pos++;
      return { op: "not", item: not() };
    }
    return condition();
  }
  function and(): Node {
    const items = [not()];
    while (isWord("AND")) {
      pos++;
      items.push(not());
    }
    return items.length === 1 ? (items[0] as Node) : { op: "and", items };
  }
  function or(): Node {
    const items = [and()];
    while (isWord("OR")) {
      pos++;
      items.push(and());
    }
    return items.length === 1 ? (items[0] as Node) : { op: "or", items };
  }
  if (!tokens.length) throw filterSyntax("Sending an empty filter is forbidden.");
  const tree = or();
  if (pos < tokens.length) fail("a comparison or a logical operator");
  return tree;
}

/** A `filter` parameter (string, or array of strings and arrays of strings) as one tree. */
export function parseFilterParam(filter: unknown): Node | null {
  if (filter === undefined || filter === null) return null;
  if (typeof filter === "string") return filter.trim() ? parseFilter(filter) : null;
  if (Array.isArray(filter)) {
    const items = filter.map((item) => {
      if (typeof item === "string") return parseFilter(item);
      if (Array.isArray(item) && item.every((s) => typeof s === "string")) {
        return { op: "or" as const, items: item.map((s: string) => parseFilter(s)) };
      }
      throw filterSyntax("Invalid value type: expected a string or an array of strings in an array filter.");
    });
    return { op: "and", items };
  }
  throw filterSyntax(`Invalid value type: expected an array or a string, found ${JSON.stringify(filter)}.`);
}

function attributes(node: Node): string[] {
  if ("items" in node) return node.items.flatMap(attributes);
  if ("item" in node) return attributes(node.item);
  return [node.attr];
}

/** An attribute is allowed when it, or an object above it, is in the list. */
const covered = (attr: string, allowed: readonly string[]) =>
  allowed.some((a) => attr === a || attr.startsWith(`${a}.`));

/** Throws invalid_search_filter for an attribute that is not filterable. */
export function checkFilterable(node: Node | null, filterable: readonly string[]): void {
  for (const attr of node ? attributes(node) : []) {
    if (!covered(attr, filterable)) {
      throw new MeiliError(
        filterable.length
          ? `Attribute \`${attr}\` is not filterable. Available filterable attributes are: \`${filterable.join(", ")}\`.`
          : `Attribute \`${attr}\` is not filterable. This index does not have configured filterable attributes.`,
        "invalid_search_filter",
      );
    }
  }
}

/** Throws invalid_search_facets for a facet that is not filterable. */
export function checkFacets(facets: unknown, filterable: readonly string[]): void {
  if (facets === undefined || facets === null) return;
  if (!Array.isArray(facets) || !facets.every((f) => typeof f === "string")) {
    throw new MeiliError(
      "Invalid value type at `.facets`: expected an array of strings.",
      "invalid_search_facets",
    );
  }
  for (const facet of facets) {
    if (facet !== "*" && !covered(facet, filterable)) {
      throw new MeiliError(
        `Invalid facet distribution: Attribute \`${facet}\` is not filterable. Available filterable attributes are: \`${filterable.join(", ")}\`.`,
        "invalid_search_facets",
      );
    }
  }
}

export interface SortRule {
  attr: string;
  desc: boolean;
}

/** `attr:asc` / `attr:desc` on sortable attributes, else invalid_search_sort. */
export function parseSort(sort: unknown, sortable: readonly string[]): SortRule[] {
  if (sort === undefined || sort === null) return [];
  if (!Array.isArray(sort) || !sort.every((s) => typeof s === "string")) {
    throw new MeiliError(
      "Invalid value type at `.sort`: expected an array of strings.",
      "invalid_search_sort",
    );
  }
  return sort.map((rule: string) => {
    const match = rule.match(/^(.+):(asc|desc)$/);
    if (!match) {
      throw new MeiliError(
        `Invalid syntax for the sort parameter: expected expression ending by \`:asc\` or \`:desc\`, found \`${rule}\`.`,
        "invalid_search_sort",
      );
    }
    const attr = match[1] as string;
    if (!covered(attr, sortable)) {
      throw new MeiliError(
        sortable.length
          ? `Attribute \`${attr}\` is not sortable. Available sortable attributes are: \`${sortable.join(", ")}\`.`
          : `Attribute \`${attr}\` is not sortable. This index does not have configured sortable attributes.`,
        "invalid_search_sort",
      );
    }
    return { attr, desc: match[2] === "desc" };
  });
}

/** Every value at a dotted path, through arrays of objects (`genres.slug`). */
export function valuesAt(doc: unknown, path: string): unknown[] {
  let current: unknown[] = [doc];
  for (const key of path.split(".")) {
    current = current
      .flatMap((v) => (Array.isArray(v) ? v : [v]))
      .filter((v): v is Record<string, unknown> => typeof v === "object" && v !== null)
      .map((v) => v[key])
      .filter((v) => v !== undefined);
  }
  return current.flatMap((v) => (Array.isArray(v) ? v : [v]));
}

const same = (actual: unknown, expected: string) =>
  typeof actual === "number"
    ? actual === Number(expected)
    : String(actual).toLowerCase() === expected.toLowerCase();

function order(actual: unknown, expected: string): number | null {
  const a = typeof actual === "number" ? actual : Number.NaN;
  const b = Number(expected);
  return Number.isNaN(a) || Number.isNaN(b) ? null : a - b;
}

/** Whether a document satisfies a filter tree. */
export function matches(node: Node | null, doc: Record<string, unknown>): boolean {
  if (!node) return true;
  switch (node.op) {
    case "and":
      return node.items.every((n) => matches(n, doc));
    case "or":
      return node.items.some((n) => matches(n, doc));
    case "not":
      return !matches(node.item, doc);
    case "in":
      return valuesAt(doc, node.attr).some((v) => node.values.some((want) => same(v, want)));
    case "exists":
      return valuesAt(doc, node.attr).length > 0 || node.attr in doc;
    case "null":
      return valuesAt(doc, node.attr).some((v) => v === null) || doc[node.attr] === null;
    case "empty": {
      const v = doc[node.attr];
      return v === "" || (Array.isArray(v) && v.length === 0);
    }
    case "to":
      return valuesAt(doc, node.attr).some((v) => {
        const lo = order(v, node.from);
        const hi = order(v, node.to);
        return lo !== null && hi !== null && lo >= 0 && hi <= 0;
      });
    case "cmp": {
      const values = valuesAt(doc, node.attr);
      if (node.cmp === "=") return values.some((v) => same(v, node.value));
      if (node.cmp === "!=") return !values.some((v) => same(v, node.value));
      return values.some((v) => {
        const d = order(v, node.value);
        if (d === null) return false;
        return node.cmp === ">" ? d > 0 : node.cmp === ">=" ? d >= 0 : node.cmp === "<" ? d < 0 : d <= 0;
      });
    }
  }
}

/** Sorts documents by the rules, in place order kept for ties. */
export function sortDocuments<T extends Record<string, unknown>>(docs: T[], rules: SortRule[]): T[] {
  if (!rules.length) return docs;
  return [...docs].sort((a, b) => {
    for (const { attr, desc } of rules) {
      const x = valuesAt(a, attr)[0];
      const y = valuesAt(b, attr)[0];
      const d =
        typeof x === "number" && typeof y === "number"
          ? x - y
          : String(x ?? "").localeCompare(String(y ?? ""));
      if (d !== 0) return desc ? -d : d;
    }
    return 0;
  });
}
