import type { ArtistRef } from "@core/content/artist";
import type { ReactNode } from "react";
import { ListLink } from "./app-link";

/** The page of an artist. */
export const artistPath = (slug: string) => `/artists/${slug}`;

/**
 * Pieces of `text` with each artist's name in it as a link to the artist's page: the text is what
 * the item says ("Sodium Lights b2b Kwame Asante-Brown"), the refs the artists with a page it
 * links to. A ref whose name is not in the text is linked after it, so no link is lost.
 */
export function linkedNames(text: string, artists: readonly ArtistRef[] | undefined): ReactNode[] {
  if (!artists?.length) return [text];
  const out: ReactNode[] = [];
  let rest = text;
  const unplaced: ArtistRef[] = [];
  for (const artist of artists) {
    const at = rest.indexOf(artist.name);
    if (at < 0) {
      unplaced.push(artist);
      continue;
    }
    if (at > 0) out.push(rest.slice(0, at));
    out.push(
      <ListLink key={artist.slug} to={artistPath(artist.slug)} className="artist-link">
        {artist.name}
      </ListLink>,
    );
    rest = rest.slice(at + artist.name.length);
  }
  if (rest) out.push(rest);
  for (const artist of unplaced) {
    out.push(" (");
    out.push(
      <ListLink key={artist.slug} to={artistPath(artist.slug)} className="artist-link">
        {artist.name}
      </ListLink>,
    );
    out.push(")");
  }
  return out;
}

/** A name as an item shows it, its artists linked. */
export function ArtistName({ name, artists }: { name: string; artists?: readonly ArtistRef[] }) {
  return <>{linkedNames(name, artists)}</>;
}
