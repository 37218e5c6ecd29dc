import { useAtomValue, useSetAtom } from "jotai";
import { useEffect } from "react";
import { currentTrackAtom, seekByAtom, toggleMuteAtom, togglePlayAtom } from "../atoms";

export const SEEK_STEP_SECONDS = 10;

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  if (tag === "TEXTAREA" || tag === "SELECT") return true;
  if (tag !== "INPUT") return false;
  const type = (target as HTMLInputElement).type;
  return !["button", "checkbox", "radio", "range", "submit", "reset"].includes(type);
}

/** docs/product.md section 9: Space plays or pauses, M mutes, Left and Right seek ±10 s. */
export function useShortcuts() {
  const track = useAtomValue(currentTrackAtom);
  const toggle = useSetAtom(togglePlayAtom);
  const toggleMute = useSetAtom(toggleMuteAtom);
  const seekBy = useSetAtom(seekByAtom);

  useEffect(() => {
    if (!track) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target))
        return;
      // Buttons and sliders keep their own Space and arrow behaviour.
      const target = event.target as HTMLElement | null;
      const onControl = target?.closest("button, a, [role='slider']") != null;
      if (event.key === " " && !onControl) {
        event.preventDefault();
        toggle();
      } else if (event.key === "m" || event.key === "M") {
        toggleMute();
      } else if (event.key === "ArrowLeft" && !onControl) {
        event.preventDefault();
        seekBy(-SEEK_STEP_SECONDS);
      } else if (event.key === "ArrowRight" && !onControl) {
        event.preventDefault();
        seekBy(SEEK_STEP_SECONDS);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [track, toggle, toggleMute, seekBy]);
}
