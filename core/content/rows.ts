/** Whether a catalogue row reaches visitors (docs/product.md section 3: only published ones do). */
export type PubStatus = "draft" | "published";
