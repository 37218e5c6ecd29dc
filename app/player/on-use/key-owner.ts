/**
 * Whether the focused control uses a key itself, so the player's shortcuts leave it alone
 * (docs/product.md section 9): text fields own every key, sliders their arrows, buttons and
 * links Space and Enter, radio groups, tabs, menus and lists their arrows.
 */
export interface FocusedControl {
  tag: string;
  /** An <input>'s type, lower case. */
  type?: string;
  role?: string | null;
  editable?: boolean;
}

const TEXT_INPUTS = new Set([
  "button",
  "checkbox",
  "radio",
  "range",
  "submit",
  "reset",
  "color",
  "file",
  "image",
]);
const ARROW_ROLES = new Set([
  "slider",
  "spinbutton",
  "scrollbar",
  "radio",
  "radiogroup",
  "tab",
  "tablist",
  "menu",
  "menubar",
  "menuitem",
  "menuitemradio",
  "menuitemcheckbox",
  "listbox",
  "option",
  "grid",
  "gridcell",
  "tree",
  "treeitem",
  "combobox",
]);
const PRESS_ROLES = new Set(["button", "link", "checkbox", "switch", "menuitem", "option", "tab", "radio"]);
const ARROWS = new Set([
  "ArrowLeft",
  "ArrowRight",
  "ArrowUp",
  "ArrowDown",
  "Home",
  "End",
  "PageUp",
  "PageDown",
]);

export function ownsKey(control: FocusedControl, key: string): boolean {
  const tag = control.tag.toUpperCase();
  const type = control.type?.toLowerCase() ?? "";
  if (control.editable || tag === "TEXTAREA" || tag === "SELECT") return true;
  if (control.role === "textbox" || control.role === "searchbox") return true;
  if (tag === "INPUT" && !TEXT_INPUTS.has(type)) return true;
  const press = key === " " || key === "Enter";
  if (ARROWS.has(key)) {
    if (tag === "INPUT" && (type === "range" || type === "radio")) return true;
    if (tag === "AUDIO" || tag === "VIDEO") return true;
    return ARROW_ROLES.has(control.role ?? "");
  }
  if (press) {
    if (tag === "BUTTON" || tag === "A" || tag === "SUMMARY" || tag === "AUDIO" || tag === "VIDEO")
      return true;
    if (tag === "INPUT") return type !== "range";
    return PRESS_ROLES.has(control.role ?? "");
  }
  return false;
}

/** The focused control of a key event's target (the nearest element with a role of its own). */
export function focusedControl(target: EventTarget | null): FocusedControl | null {
  if (!(target instanceof HTMLElement)) return null;
  const roled = target.closest<HTMLElement>("[role]");
  const el = target.matches("input, textarea, select, button, a, summary, audio, video")
    ? target
    : (roled ?? target);
  return {
    tag: el.tagName,
    type: el instanceof HTMLInputElement ? el.type : undefined,
    role: el.getAttribute("role"),
    editable: target.isContentEditable,
  };
}
