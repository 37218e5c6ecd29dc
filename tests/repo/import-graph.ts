import { importSpecifiers, resolveSpecifier } from "./source-files";

/** The endings an import specifier may leave off, tried in this order (then a folder's index). */
const ENDINGS = [".ts", ".tsx", ".mts", ".mjs", ".js"];

/** The file of `known` that a specifier written in `fromFile` names, or null (a package, or no such file). */
export function resolveImport(
  fromFile: string,
  specifier: string,
  known: ReadonlySet<string>,
): string | null {
  const target = resolveSpecifier(fromFile, specifier.replace(/\?.*$/, ""));
  if (target === null) return null;
  const candidates = [
    target,
    ...ENDINGS.map((e) => `${target}${e}`),
    ...ENDINGS.map((e) => `${target}/index${e}`),
  ];
  return candidates.find((candidate) => known.has(candidate)) ?? null;
}

/**
 * Who imports whom among `sources` (repository-relative path → text): every static import,
 * re-export, type-only import and dynamic `import()` counts, since each ties the two files
 * together for a reader and for the type checker.
 */
export function importGraph(sources: ReadonlyMap<string, string>): Map<string, string[]> {
  const known = new Set(sources.keys());
  const graph = new Map<string, string[]>();
  for (const [file, source] of sources) {
    const targets = importSpecifiers(source).map((s) => resolveImport(file, s, known));
    graph.set(file, [...new Set(targets.filter((t): t is string => t !== null))].sort());
  }
  return graph;
}

/**
 * The import cycles of a graph: each strongly connected group of files that reach one another
 * (a file that imports itself is one), files sorted, groups sorted by their first file.
 */
export function importCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  // Tarjan's algorithm, iterative so that a deep graph cannot overflow the stack.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const found: string[][] = [];
  let next = 0;
  for (const root of graph.keys()) {
    if (index.has(root)) continue;
    const work: { file: string; edge: number }[] = [{ file: root, edge: 0 }];
    index.set(root, next);
    low.set(root, next++);
    stack.push(root);
    onStack.add(root);
    while (work.length > 0) {
      const frame = work[work.length - 1] as { file: string; edge: number };
      const edges = graph.get(frame.file) ?? [];
      if (frame.edge < edges.length) {
        const to = edges[frame.edge++] as string;
        if (!index.has(to)) {
          index.set(to, next);
          low.set(to, next++);
          stack.push(to);
          onStack.add(to);
          work.push({ file: to, edge: 0 });
        } else if (onStack.has(to)) {
          low.set(frame.file, Math.min(low.get(frame.file) as number, index.get(to) as number));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent)
        low.set(parent.file, Math.min(low.get(parent.file) as number, low.get(frame.file) as number));
      if (low.get(frame.file) !== index.get(frame.file)) continue;
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop() as string;
        onStack.delete(member);
        group.push(member);
      } while (member !== frame.file);
      if (group.length > 1 || edges.includes(frame.file)) found.push(group.sort());
    }
  }
  return found.sort((a, b) => (a[0] as string).localeCompare(b[0] as string));
}
