/** Locations: a city, region or country, linked to from artists, posts and events. */
import * as v from "valibot";
import { filled, id } from "../schema";
import { defineKind } from "./kind";

export interface LocationRecord {
  id: number;
  slug: string;
  name: string;
  type: "city" | "region" | "country";
}

export const locations = defineKind<LocationRecord>()({
  folder: "locations",
  key: "locations",
  table: "locations",
  schema: v.strictObject(
    {
      id,
      name: filled,
      type: v.optional(v.picklist(["city", "region", "country"], "must be city, region or country"), "city"),
    },
    "front matter must be a set of fields",
  ),
  resolve: (items) => items.map(([l, id]) => ({ id, slug: l.slug, name: l.front.name, type: l.front.type })),
  toFront: (l) => ({ id: l.id, name: l.name, type: l.type }),
  exportSql: ["SELECT id, slug, name, type FROM locations ORDER BY id"],
  read: ([locations = []]) =>
    locations.map((l) => ({
      id: l.id as number,
      slug: l.slug as string,
      name: l.name as string,
      type: l.type as "city",
    })),
  upsert(records, ctx) {
    ctx.write(
      "locations",
      records.map((l) => ({ ...l })),
      "id",
    );
  },
  rows: (l, ctx) => ctx.add("locations", { ...l }),
  seed: { uid: "api::location.location", data: (l) => ({ name: l.name, slug: l.slug, type: l.type }) },
});
