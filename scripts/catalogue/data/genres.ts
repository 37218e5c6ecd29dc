// The genres, with how each reads in prose and its tempo range.

export interface GenreDef {
  slug: string;
  name: string;
  /** How the genre reads mid-sentence. */
  prose: string;
  bpm: [number, number];
}

export const GENRES: GenreDef[] = [
  { slug: "techno", name: "Techno", prose: "techno", bpm: [128, 138] },
  { slug: "house", name: "House", prose: "house", bpm: [120, 126] },
  { slug: "deep-house", name: "Deep House", prose: "deep house", bpm: [116, 122] },
  { slug: "ambient", name: "Ambient", prose: "ambient", bpm: [70, 90] },
  { slug: "drum-and-bass", name: "Drum & Bass", prose: "drum & bass", bpm: [170, 175] },
  { slug: "dub-techno", name: "Dub Techno", prose: "dub techno", bpm: [118, 126] },
  { slug: "electro", name: "Electro", prose: "electro", bpm: [125, 135] },
  { slug: "uk-garage", name: "UK Garage", prose: "UK garage", bpm: [130, 136] },
  { slug: "jungle", name: "Jungle", prose: "jungle", bpm: [160, 172] },
  { slug: "breakbeat", name: "Breakbeat", prose: "breakbeat", bpm: [125, 140] },
  { slug: "minimal", name: "Minimal", prose: "minimal", bpm: [122, 128] },
  { slug: "disco", name: "Disco", prose: "disco", bpm: [110, 122] },
  { slug: "afro-house", name: "Afro House", prose: "Afro house", bpm: [118, 124] },
  { slug: "experimental", name: "Experimental", prose: "experimental electronics", bpm: [80, 140] },
  { slug: "downtempo", name: "Downtempo", prose: "downtempo", bpm: [85, 105] },
  { slug: "dubstep", name: "Dubstep", prose: "dubstep", bpm: [138, 142] },
  { slug: "footwork", name: "Footwork", prose: "footwork", bpm: [158, 162] },
  // Deliberately without posts: genre lists must hide zero counts.
  { slug: "italo-disco", name: "Italo Disco", prose: "Italo disco", bpm: [112, 120] },
];
export const EMPTY_GENRE_SLUG = "italo-disco";
