import { describe, expect, it } from "vitest";
import { ownsKey } from "./key-owner";

describe("ownsKey", () => {
  it("leaves a range input (the volume slider) its arrows, but not Space or M", () => {
    const volume = { tag: "INPUT", type: "range" };
    for (const key of ["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End"])
      expect(ownsKey(volume, key), key).toBe(true);
    expect(ownsKey(volume, " ")).toBe(false);
    expect(ownsKey(volume, "m")).toBe(false);
  });

  it("leaves role=slider its arrows, buttons and links Space and Enter", () => {
    expect(ownsKey({ tag: "DIV", role: "slider" }, "ArrowRight")).toBe(true);
    expect(ownsKey({ tag: "BUTTON" }, " ")).toBe(true);
    expect(ownsKey({ tag: "A" }, "Enter")).toBe(true);
    expect(ownsKey({ tag: "BUTTON" }, "ArrowLeft")).toBe(false);
    expect(ownsKey({ tag: "DIV", role: "button" }, " ")).toBe(true);
  });

  it("leaves text fields, selects and editable text every key", () => {
    for (const control of [
      { tag: "INPUT", type: "text" },
      { tag: "INPUT", type: "search" },
      { tag: "TEXTAREA" },
      { tag: "SELECT" },
      { tag: "DIV", editable: true },
    ])
      for (const key of [" ", "m", "ArrowLeft"])
        expect(ownsKey(control, key), `${control.tag} ${key}`).toBe(true);
  });

  it("leaves checkboxes Space and radio buttons their arrows", () => {
    expect(ownsKey({ tag: "INPUT", type: "checkbox" }, " ")).toBe(true);
    expect(ownsKey({ tag: "INPUT", type: "radio" }, "ArrowDown")).toBe(true);
    expect(ownsKey({ tag: "DIV", role: "tab" }, "ArrowRight")).toBe(true);
  });

  it("gives the page itself to the shortcuts", () => {
    for (const key of [" ", "m", "ArrowLeft", "ArrowRight"])
      expect(ownsKey({ tag: "BODY" }, key)).toBe(false);
  });
});
