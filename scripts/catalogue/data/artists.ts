// Invented artists and labels, some with diacritics for accent-insensitive search.

export interface Artist {
  name: string;
  city: string;
  genres: string[];
}

/** The roster: invented artists, some with diacritics for accent-insensitive search. */
export const ARTISTS: Artist[] = [
  { name: "Björn Åström", city: "reykjavik", genres: ["ambient", "experimental"] },
  { name: "Sigrún Ósk", city: "reykjavik", genres: ["ambient", "downtempo"] },
  { name: "Zoë Lefèvre", city: "montreal", genres: ["house", "disco"] },
  { name: "Jürgen Møller", city: "berlin", genres: ["dub-techno", "minimal"] },
  { name: "Nino Kapanadze", city: "tbilisi", genres: ["techno"] },
  { name: "Adaeze Okafor", city: "lagos", genres: ["afro-house", "house"] },
  { name: "Aoi Takenaka", city: "tokyo", genres: ["minimal", "experimental"] },
  { name: "Tomás Ferreira", city: "sao-paulo", genres: ["breakbeat", "house"] },
  { name: "Marlon Reeves", city: "detroit", genres: ["techno", "electro"] },
  { name: "Delphine Achterberg", city: "amsterdam", genres: ["electro", "techno"] },
  { name: "Kwame Asante-Brown", city: "london", genres: ["uk-garage", "dubstep"] },
  { name: "Halcyon Drift", city: "bristol", genres: ["drum-and-bass", "jungle"] },
  { name: "Sodium Lights", city: "london", genres: ["uk-garage", "breakbeat"] },
  { name: "Velvet Static", city: "berlin", genres: ["techno", "electro"] },
  { name: "Low Orbit Club", city: "chicago", genres: ["house", "footwork"] },
  { name: "Ferro Lux", city: "amsterdam", genres: ["techno"] },
  { name: "Paper Moons", city: "tokyo", genres: ["downtempo", "ambient"] },
  { name: "Tape Hiss Society", city: "bristol", genres: ["dubstep", "dub-techno"] },
  { name: "Concrete Bloom", city: "detroit", genres: ["deep-house", "house"] },
  { name: "Mirrorball Saints", city: "chicago", genres: ["disco", "house"] },
  { name: "Dusk Protocol", city: "berlin", genres: ["minimal", "dub-techno"] },
  { name: "Kite Theory", city: "montreal", genres: ["breakbeat", "experimental"] },
  { name: "Marrow & Salt", city: "london", genres: ["jungle", "drum-and-bass"] },
  { name: "Okra Sound System", city: "lagos", genres: ["afro-house", "disco"] },
  { name: "Ilse van Dijk", city: "amsterdam", genres: ["deep-house"] },
  { name: "Tamar Gelashvili", city: "tbilisi", genres: ["techno", "experimental"] },
  { name: "Noémie Caron", city: "montreal", genres: ["deep-house", "downtempo"] },
  { name: "Júlia Prado", city: "sao-paulo", genres: ["disco", "afro-house"] },
  { name: "DJ Lumen", city: "chicago", genres: ["footwork", "jungle"] },
  { name: "Grey Parish", city: "bristol", genres: ["dubstep", "breakbeat"] },
  { name: "Chrome Juno", city: "detroit", genres: ["electro"] },
  { name: "Moritz Kühn", city: "berlin", genres: ["techno", "minimal"] },
  { name: "Ezinne Nwosu", city: "lagos", genres: ["afro-house", "deep-house"] },
  { name: "Haruto Ishida", city: "tokyo", genres: ["house", "ambient"] },
];

/** Producers who only turn up in tracklists and remixes. */
export const GUEST_ARTISTS = [
  "Anouk Vermeer",
  "Basalt",
  "Cassia Rowe",
  "Daniel Ekwueme",
  "Echo Vale",
  "Fjóla Hrönn",
  "Greywater",
  "Hiroshi Tanabe",
  "Inez Alcott",
  "Jovana Marić",
  "K-Lumen",
  "Lior Ben-Ami",
  "Mirela Dascălu",
  "Nadia Brun",
  "Oskar Lindqvist",
  "Pale Harbour",
  "Quartz Choir",
  "Rosa Quintero",
  "Saltmarsh",
  "Teodor Vasile",
  "Ulla Strand",
  "Vox Lucens",
  "Wren & Wire",
  "Yara Solís",
  "Zephyr Unit",
];

export const LABELS = [
  "Crossfade",
  "Halflight Records",
  "Subterrain Audio",
  "Glasshouse",
  "Nightshift Tapes",
  "Low Pressure",
  "Ferric Discs",
  "Lantern Dubs",
  "Meridian Works",
];

export const artistByName = (name: string): Artist => {
  const artist = ARTISTS.find((a) => a.name === name);
  if (!artist) throw new Error(`no artist ${name}`);
  return artist;
};

/** Names of groups (an artist page says MusicGroup for these, Person for the rest). */
export const GROUPS = [
  "Halcyon Drift",
  "Sodium Lights",
  "Velvet Static",
  "Low Orbit Club",
  "Paper Moons",
  "Tape Hiss Society",
  "Concrete Bloom",
  "Mirrorball Saints",
  "Dusk Protocol",
  "Kite Theory",
  "Marrow & Salt",
  "Okra Sound System",
  "Grey Parish",
  "Echo Vale",
  "Pale Harbour",
  "Quartz Choir",
  "Vox Lucens",
  "Wren & Wire",
  "Zephyr Unit",
];
