import { type Chapter, chapterIndexAt } from "@core/content/chapters";
import { useAtomValue } from "jotai";
import { selectAtom } from "jotai/utils";
import { useMemo } from "react";
import { progressAtom } from "./atoms";

/**
 * The chapter of a mix playing now (docs/decisions/062): its index in `chapters`, or -1. The
 * component re-renders when the chapter changes, not on every tick of the position.
 */
export function useChapterIndex(chapters: readonly Chapter[]): number {
  const indexAtom = useMemo(
    () => selectAtom(progressAtom, (p) => chapterIndexAt(chapters, p.position)),
    [chapters],
  );
  return useAtomValue(indexAtom);
}
