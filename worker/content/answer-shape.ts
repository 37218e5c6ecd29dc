import * as v from "valibot";

/**
 * The check at the edge of every remote adapter (docs/decisions/026-answers-checked-at-the-edge.md):
 * an answer is read only once it matches a schema of what the adapter reads. A mismatch is a
 * source failure like a 500, so it degrades (docs/product.md section 8) and no cache keeps it.
 */
export type Shape<T> = v.GenericSchema<unknown, T>;

/** The answer as `shape` reads it, or what did not match (the first few issues, by path). */
export function readAnswer<T>(
  shape: Shape<T>,
  answer: unknown,
): { ok: true; value: T } | { ok: false; problem: string } {
  const result = v.safeParse(shape, answer);
  if (result.success) return { ok: true, value: result.output };
  const problem = result.issues
    .slice(0, 3)
    .map((issue) => `${v.getDotPath(issue) ?? "(the answer)"}: ${issue.message}`)
    .join("; ");
  return { ok: false, problem };
}
