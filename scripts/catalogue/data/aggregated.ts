// Aggregated posts: syndicated from invented outlets.

export const AGGREGATED: Array<{
  site: string;
  title: string;
  artist: string | null;
  excerpt: string;
  genres: string[];
  locations: string[];
  audio: boolean;
  draft?: boolean;
  noImage?: boolean;
}> = [
  {
    site: "https://example-wire.com/news/",
    title: "Halle am Kanal announces a 48-hour anniversary weekend",
    artist: null,
    excerpt: "The Berlin venue celebrates ten years with two nights, one day and no closing time.",
    genres: ["techno", "minimal"],
    locations: ["berlin"],
    audio: false,
  },
  {
    site: "https://example-basement.net/features/",
    title: "Marrow & Salt's jungle rewind: the dubplates that never left the box",
    artist: "Marrow & Salt",
    excerpt: "The London duo open their crates of unreleased dubplates for the first time.",
    genres: ["jungle", "drum-and-bass"],
    locations: ["london"],
    audio: true,
  },
  {
    site: "https://example-wire.com/news/",
    title: "Detroit's Grand River Warehouse wins its licence battle",
    artist: null,
    excerpt: "After a two-year fight, one of Detroit's oldest after-hours spaces can stay open until 6 a.m.",
    genres: ["techno", "electro"],
    locations: ["detroit"],
    audio: false,
  },
  {
    site: "https://example-frequencies.org/mixes/",
    title: "Adaeze Okafor's rooftop mix is the sound of a Lagos sunset",
    artist: "Adaeze Okafor",
    excerpt: "Ninety minutes of Afro house and deep cuts recorded live above Ikoyi.",
    genres: ["afro-house", "deep-house"],
    locations: ["lagos"],
    audio: true,
  },
  {
    site: "https://example-basement.net/reviews/",
    title: "Paper Moons drift further out on a new ambient cassette",
    artist: "Paper Moons",
    excerpt: "The Tokyo duo's latest tape swaps beats for tape loops and distant trains.",
    genres: ["ambient", "downtempo"],
    locations: ["tokyo"],
    audio: true,
  },
  {
    site: "https://example-frequencies.org/news/",
    title: "São Paulo's Galpão Luz opens a free production school",
    artist: null,
    excerpt: "Weekly workshops on synthesis, DJing and sound-system building, open to anyone under 25.",
    genres: ["house", "breakbeat"],
    locations: ["sao-paulo"],
    audio: false,
    noImage: true,
  },
  {
    site: "https://example-wire.com/interviews/",
    title: "Low Orbit Club on Chicago footwork and the art of the edit",
    artist: "Low Orbit Club",
    excerpt: "The Chicago crew talk juke, house and why every record deserves a second life.",
    genres: ["footwork", "house"],
    locations: ["chicago"],
    audio: true,
  },
  {
    site: "https://example-basement.net/news/",
    title: "Amsterdam's Noorderhaven adds a second room for electro",
    artist: "Delphine Achterberg",
    excerpt: "The harbour-side club opens a smaller, darker room curated by Delphine Achterberg.",
    genres: ["electro", "techno"],
    locations: ["amsterdam"],
    audio: false,
  },
  {
    site: "https://example-wire.com/news/",
    title: "Reykjavík ambient weekend moves to the harbour",
    artist: "Sigrún Ósk",
    excerpt: "This year's edition trades the concert hall for a boat shed.",
    genres: ["ambient"],
    locations: ["reykjavik", "iceland"],
    audio: false,
    draft: true,
  },
];
