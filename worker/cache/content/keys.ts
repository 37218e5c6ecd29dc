/**
 * A cache key from a method name and its argument: object keys sorted, undefined and empty
 * values dropped, lists of slugs sorted (they OR, so their order never changes the answer).
 */
export function cacheKey(name: string, arg?: unknown): string {
  const canonical = canonicalize(arg);
  return canonical === undefined ? name : `${name}:${JSON.stringify(canonical)}`;
}

function canonicalize(value: unknown): unknown {
  if (value === undefined || value === null || value === "") return undefined;
  if (Array.isArray(value)) {
    if (!value.length) return undefined;
    const items = value.map(canonicalize);
    return items.every((v) => typeof v === "string") ? [...(items as string[])].sort() : items;
  }
  if (typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      const v = canonicalize((value as Record<string, unknown>)[key]);
      if (v !== undefined) out[key] = v;
    }
    return Object.keys(out).length ? out : undefined;
  }
  return value;
}
