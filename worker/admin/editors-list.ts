import type { WorkerEnv } from "@worker/env";

/**
 * The editors an operator lists in EDITORS (docs/configuration.md): e-mail addresses separated by
 * commas or white space, compared case-folded. Each may sign in to the desk as themselves
 * (docs/decisions/155-editors-sign-in-as-themselves.md).
 */
let last: { text: string; editors: ReadonlySet<string> } | undefined;

export function editorsOf(env: Pick<WorkerEnv, "EDITORS">): ReadonlySet<string> {
  const text = env.EDITORS ?? "";
  if (last?.text !== text) {
    const editors = new Set(
      text
        .split(/[\s,]+/)
        .map((address) => address.trim().toLowerCase())
        .filter((address) => /^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/.test(address)),
    );
    last = { text, editors };
  }
  return last.editors;
}
