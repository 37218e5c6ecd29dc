// What frames a post's prose: closing sentences, excerpts and titles, by category.
import type { PostCategory } from "../../content/types";

export const CLOSINGS: Record<PostCategory, string[]> = {
  news: [
    "More dates and a full tracklist are expected in the coming weeks.",
    "We will have a premiere from the record here before release day.",
    "Keep an eye on the label's channels for the pre-order link.",
  ],
  interviews: [
    "{release} is out now on {label}.",
    "{artist} plays {venue} in {city} later this {season}.",
    "Before we hang up, {artist} recommends three records; all of them are out of print.",
  ],
  premieres: [
    '{release} is out on {label} next month; listen to "{track}" above.',
    "Press play above and catch {artist} at {venue} later this {season}.",
    "Vinyl copies are limited, so do not sleep on this one.",
  ],
  reviews: [
    "A record to live with through the {season}.",
    "Essential for anyone who still buys {genre} on vinyl.",
    "Whatever the format, this is the one we keep going back to.",
  ],
  features: [
    "Whatever happens next, the {city} scene has earned its place on the map.",
    "Start with the records above, then go and find the rest in person.",
    "Go on a Thursday; the weekends are for tourists.",
  ],
};

export const EXCERPTS: Record<PostCategory, string[]> = {
  news: [
    "{artist} returns to {label} with {release}, a new {format} steeped in {genre}.",
    "{release} arrives on {label} later this {season}, with a launch night at {venue}.",
  ],
  interviews: ["{artist} talks about {topic}.", "We sat down with {artist} in {city} to talk about {topic}."],
  premieres: [
    'Hear "{track}" from {artist\'s} forthcoming {format} {release}, out on {label}.',
    "{artist} shares the first cut from {release}, a slow-burning slice of {genre}.",
  ],
  reviews: [
    "{artist's} {release} is a patient, bass-heavy {genre} record that rewards repeat listens.",
    "On {release}, {artist} bends {genre} towards {genre2} with quiet confidence.",
  ],
  features: [
    "How {city} became one of the most exciting places to hear {genre} right now.",
    "A night-by-night portrait of {city's} {genre} scene, with {artist} as our guide.",
  ],
};

/** Title templates; repeats weight the plainer forms. */
export const TITLES: Record<PostCategory, string[]> = {
  news: [
    "{artist} announces {release} on {label}",
    "{artist} returns with '{release}'",
    "{venue} gives {artist} a monthly residency",
    "{artist} plans a {city} live show for {release}",
    "{artist} and {artist2} team up for a b2b tour",
    "{label} presses {artist's} {release} on {colour} vinyl",
  ],
  interviews: [
    '{artist}: "{shortQuote}"',
    "In conversation with {artist}",
    "{artist} on {topic}",
    "Studio visit: {artist} in {city}",
  ],
  premieres: [
    "Premiere: {artist} – {track}",
    "Premiere: {artist} – {track}",
    "Premiere: {artist} – {track} ({remixer} Remix)",
    "Premiere: {artist} – {track} (Dub)",
  ],
  reviews: [
    "Review: {artist} – {release}",
    "Review: {artist} – {release}",
    "{release}: {artist} finds the space between {genre} and {genre2}",
    "{artist's} {release} is a lesson in restraint",
  ],
  features: [
    "{artist's} guide to {city} after dark",
    "How {artist} rebuilt {city's} after-hours scene",
    "Inside {city's} {genre} revival, with {artist}",
    "{artist} picks ten records that shaped {genre}",
  ],
};
