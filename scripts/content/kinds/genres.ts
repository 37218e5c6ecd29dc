/** Genres: a name and a slug, linked to from artists, posts and mixtapes. */
import * as v from "valibot";
import { filled, id } from "../schema";
import { defineKind } from "./kind";

export interface GenreRecord {
  id: number;
  slug: string;
  name: string;
}

export const genres = defineKind<GenreRecord>()({
  folder: "genres",
  key: "genres",
  table: "genres",
  schema: v.strictObject({ id, name: filled }, "front matter must be a set of fields"),
  resolve: (items) => items.map(([g, id]) => ({ id, slug: g.slug, name: g.front.name })),
  toFront: (g) => ({ id: g.id, name: g.name }),
  exportSql: ["SELECT id, slug, name FROM genres ORDER BY id"],
  read: ([genres = []]) =>
    genres.map((g) => ({ id: g.id as number, slug: g.slug as string, name: g.name as string })),
  upsert(records, ctx) {
    ctx.write(
      "genres",
      records.map((g) => ({ ...g })),
      "id",
    );
  },
  rows: (g, ctx) => ctx.add("genres", { ...g }),
  seed: { uid: "api::genre.genre", data: (g) => ({ name: g.name, slug: g.slug }) },
});
