// The demo catalogue's records: one per table row of migrations/0001_catalogue.sql; join tables
// are folded into their owner as id lists. Booleans stand for the 0/1 INTEGER columns; to-sql.ts
// writes them as 1/0. Each kind's record is declared in its file in scripts/content/kinds/.

import type { AudioPlatform } from "@core/content/audio";
import type { EventStatus } from "@core/content/event";
import type { PostCategory } from "@core/content/post";
import type { PubStatus } from "@core/content/rows";
import type { EntryArtist, TaxonRef } from "./kinds/kind";
import type { CatalogueOf } from "./kinds/list";

export type { AggregatedPostRecord } from "./kinds/aggregated";
export type { ArtistLinkRecord, ArtistRecord } from "./kinds/artists";
export type { EventRecord } from "./kinds/events";
export type { GenreRecord } from "./kinds/genres";
export type { LocationRecord } from "./kinds/locations";
export type { MixtapeRecord, TracklistEntry } from "./kinds/mixtapes";
export type { PostRecord } from "./kinds/posts";
export type { PurchaseLinkRecord, ReleaseRecord, ReleaseTrackRecord } from "./kinds/releases";
export type { AudioPlatform, EntryArtist, EventStatus, PostCategory, PubStatus, TaxonRef };

/** The whole catalogue: each kind's records under its key (scripts/content/kinds/list.ts). */
export type Catalogue = CatalogueOf;

/** A record as its builder makes it, before build-artists.ts links it to the artists. */
export type Unlinked<T> = Omit<T, "artist_ids" | "track_artists" | "lineup_artists">;
