/**
 * The deterministic demo catalogue of Crossfade (docs/architecture.md): genres, locations, posts,
 * aggregated posts, mixtapes, releases and events, as plain objects shaped like the rows of
 * migrations/0001_catalogue.sql. Pure TypeScript with no Node imports: it also runs inside
 * workerd in tests. Every name, venue and label is invented.
 *
 * The file is long because it is mostly data (names, venues, sentence templates); it stays one
 * module because tsconfig.cloudflare.json lists the catalogue's pure files one by one.
 */
import { createRng, type Rng } from "./random";

// ---------------------------------------------------------------------------------------------
// Types: one record per table row; join tables are folded into their owner as id lists.
// Booleans stand for the 0/1 INTEGER columns; to-sql.ts writes them as 1/0.

export type AudioPlatform = "local" | "youtube" | "soundcloud" | "spotify";
export type PubStatus = "draft" | "published";
export type PostCategory = "news" | "interviews" | "premieres" | "reviews" | "features";
export type EventStatus = "scheduled" | "postponed" | "cancelled";

export interface TaxonRef {
  name: string;
  slug: string;
}

export interface GenreRecord {
  id: number;
  slug: string;
  name: string;
}

export interface LocationRecord {
  id: number;
  slug: string;
  name: string;
  type: "city" | "region" | "country";
}

export interface PostRecord {
  id: number;
  slug: string;
  title: string;
  artist_name: string | null;
  excerpt: string;
  /** Paragraphs; stored as a JSON array in posts.content. */
  content: string[];
  /** 'YYYY-MM-DDTHH:MM:SS.000Z' */
  post_date: string;
  category: PostCategory;
  cover_image: string | null;
  is_featured: boolean;
  audio_platform: AudioPlatform | null;
  primary_audio_url: string | null;
  audio_file: string | null;
  track_title: string | null;
  pub_status: PubStatus;
  /** post_genres rows */
  genre_ids: number[];
  /** post_locations rows */
  location_ids: number[];
  /** post_tags rows (slug form) */
  tags: string[];
}

export interface AggregatedPostRecord {
  id: number;
  original_url: string;
  title: string;
  artist_name: string | null;
  excerpt: string;
  content: string[];
  /** 'YYYY-MM-DDTHH:MM:SS.000Z' */
  published_date: string;
  featured_image: string | null;
  genres: TaxonRef[];
  locations: TaxonRef[];
  /** A streaming URL or null. */
  audio: string | null;
  pub_status: PubStatus;
}

export interface TracklistEntry {
  position: number;
  artist: string;
  title: string;
  /** Start cue 'MM:SS'. */
  time: string;
}

export interface MixtapeRecord {
  id: number;
  slug: string;
  title: string;
  artist_name: string;
  /** 'YYYY-MM-DD' */
  release_date: string;
  cover_image: string | null;
  description: string;
  tracklist: TracklistEntry[];
  /** 'MM:SS', or the column default '0:00' when unknown. */
  duration: string;
  track_count: number;
  download_url: string | null;
  external_audio_url: string | null;
  audio_file: string | null;
  audio_platform: AudioPlatform | null;
  is_featured: boolean;
  pub_status: PubStatus;
  /** mixtape_genres rows */
  genre_ids: number[];
}

export interface ReleaseTrackRecord {
  id: number;
  release_id: number;
  track_number: number;
  title: string;
  artist_name: string;
  /** 'M:SS' */
  duration: string;
  audio_url: string | null;
  audio_platform: AudioPlatform | null;
  is_primary_track: boolean;
  is_featured: boolean;
}

export interface PurchaseLinkRecord {
  id: number;
  release_id: number;
  /** bandcamp, beatport, juno, spotify, apple-music or custom */
  platform: string;
  custom_platform_name: string | null;
  url: string;
  position: number;
}

export interface ReleaseRecord {
  id: number;
  slug: string;
  title: string;
  artist_name: string;
  /** 'YYYY-MM-DD' */
  release_date: string;
  artwork: string | null;
  release_type: "Single" | "EP" | "Album";
  total_duration: string | null;
  description: string;
  credits: string;
  catalog_number: string;
  is_featured: boolean;
  pub_status: PubStatus;
  tracks: ReleaseTrackRecord[];
  purchase_links: PurchaseLinkRecord[];
}

export interface EventRecord {
  id: number;
  slug: string;
  title: string;
  /** ISO 8601 with the venue's UTC offset on that date, e.g. '2026-12-05T23:00:00+01:00'. */
  starts_at: string;
  ends_at: string | null;
  /** IANA zone of the venue. */
  timezone: string;
  venue: string;
  address: string | null;
  city: string;
  location_id: number | null;
  lineup: string[];
  description: string;
  cover_image: string | null;
  ticket_url: string | null;
  price: string | null;
  status: EventStatus;
  is_featured: boolean;
  pub_status: PubStatus;
}

export interface Catalogue {
  genres: GenreRecord[];
  locations: LocationRecord[];
  posts: PostRecord[];
  aggregatedPosts: AggregatedPostRecord[];
  mixtapes: MixtapeRecord[];
  releases: ReleaseRecord[];
  events: EventRecord[];
}

// ---------------------------------------------------------------------------------------------
// Fixed data.

export const CATALOGUE_SEED = 20261121;

export const POST_TAGS = [
  "vinyl",
  "live-set",
  "debut",
  "remix",
  "ambient-works",
  "field-recording",
  "label-news",
  "tour",
  "studio",
  "b2b",
  "ep",
  "album",
] as const;

/** The four MP3 clips made by make-audio.sh, site-relative. */
export const AUDIO_CLIPS = [
  "/media/audio/deep-pulse.mp3",
  "/media/audio/night-drive.mp3",
  "/media/audio/ambient-haze.mp3",
  "/media/audio/short-clip.mp3",
] as const;

export const PLACEHOLDER_COVER = "/media/covers/placeholder.svg";

interface GenreDef {
  slug: string;
  name: string;
  /** How the genre reads mid-sentence. */
  prose: string;
  bpm: [number, number];
}

const GENRES: GenreDef[] = [
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

interface Venue {
  name: string;
  address: string;
}

interface LocationDef {
  slug: string;
  name: string;
  type: "city" | "country";
  timezone?: string;
  venues?: Venue[];
  /** The country location a city may also be tagged with. */
  country?: string;
}

const LOCATIONS: LocationDef[] = [
  {
    slug: "berlin",
    name: "Berlin",
    type: "city",
    timezone: "Europe/Berlin",
    venues: [
      { name: "Halle am Kanal", address: "Am Kanal 14, 10997 Berlin" },
      { name: "Kellerbar Neun", address: "Revaler Straße 9, 10245 Berlin" },
    ],
  },
  {
    slug: "london",
    name: "London",
    type: "city",
    timezone: "Europe/London",
    country: "united-kingdom",
    venues: [
      { name: "The Foundry Arches", address: "Arch 214, Coldharbour Lane, London SE5 9NR" },
      { name: "Basement 33", address: "33 Kingsland Road, London E2 8AA" },
    ],
  },
  {
    slug: "detroit",
    name: "Detroit",
    type: "city",
    timezone: "America/Detroit",
    venues: [
      { name: "Grand River Warehouse", address: "4100 Grand River Ave, Detroit, MI 48208" },
      { name: "The Assembly Room", address: "1520 Woodward Ave, Detroit, MI 48226" },
    ],
  },
  {
    slug: "reykjavik",
    name: "Reykjavík",
    type: "city",
    timezone: "Atlantic/Reykjavik",
    country: "iceland",
    venues: [
      { name: "Kjallarinn", address: "Hafnarstræti 18, 101 Reykjavík" },
      { name: "Bryggjusalur", address: "Grandagarður 8, 101 Reykjavík" },
    ],
  },
  {
    slug: "tbilisi",
    name: "Tbilisi",
    type: "city",
    timezone: "Asia/Tbilisi",
    venues: [
      { name: "Mtkvari Hall", address: "12 Kote Afkhazi St, Tbilisi 0105" },
      { name: "Sakhli Bunker", address: "3 Tsinamdzgvrishvili St, Tbilisi 0102" },
    ],
  },
  {
    slug: "lagos",
    name: "Lagos",
    type: "city",
    timezone: "Africa/Lagos",
    venues: [
      { name: "Yaba Soundhouse", address: "14 Herbert Macaulay Way, Yaba, Lagos" },
      { name: "The Ikoyi Rooftop", address: "7 Bourdillon Road, Ikoyi, Lagos" },
    ],
  },
  {
    slug: "tokyo",
    name: "Tokyo",
    type: "city",
    timezone: "Asia/Tokyo",
    venues: [
      { name: "Room Kazan", address: "B2F, 1-4-7 Dogenzaka, Shibuya, Tokyo" },
      { name: "Undercurrent", address: "3-12-1 Kanda, Chiyoda, Tokyo" },
    ],
  },
  {
    slug: "montreal",
    name: "Montréal",
    type: "city",
    timezone: "America/Toronto",
    venues: [
      { name: "Le Quai Sonore", address: "1250 Rue Ontario E, Montréal, QC H2L 1R6" },
      { name: "Salle Mile-Ex", address: "6500 Rue Waverly, Montréal, QC H2S 3J9" },
    ],
  },
  {
    slug: "bristol",
    name: "Bristol",
    type: "city",
    timezone: "Europe/London",
    country: "united-kingdom",
    venues: [
      { name: "The Cable Works", address: "Unit 4, Feeder Road, Bristol BS2 0SB" },
      { name: "Stokes Croft Vaults", address: "81 Stokes Croft, Bristol BS1 3RD" },
    ],
  },
  {
    slug: "chicago",
    name: "Chicago",
    type: "city",
    timezone: "America/Chicago",
    venues: [
      { name: "Pilsen Loft", address: "1800 S Halsted St, Chicago, IL 60608" },
      { name: "West Loop Basement", address: "900 W Lake St, Chicago, IL 60607" },
    ],
  },
  {
    slug: "amsterdam",
    name: "Amsterdam",
    type: "city",
    timezone: "Europe/Amsterdam",
    venues: [
      { name: "Het Pakhuis", address: "Oostelijke Handelskade 29, 1019 BM Amsterdam" },
      { name: "Noorderhaven", address: "NDSM-plein 12, 1033 WB Amsterdam" },
    ],
  },
  {
    slug: "sao-paulo",
    name: "São Paulo",
    type: "city",
    timezone: "America/Sao_Paulo",
    venues: [
      { name: "Galpão Luz", address: "Rua Mauá 340, Luz, São Paulo" },
      { name: "Casa Augusta", address: "Rua Augusta 1120, Consolação, São Paulo" },
    ],
  },
  { slug: "iceland", name: "Iceland", type: "country" },
  { slug: "united-kingdom", name: "United Kingdom", type: "country" },
  // Deliberately without posts: location lists must hide zero counts.
  { slug: "melbourne", name: "Melbourne", type: "city", timezone: "Australia/Melbourne" },
];
export const EMPTY_LOCATION_SLUG = "melbourne";

interface Artist {
  name: string;
  city: string;
  genres: string[];
}

/** The roster: invented artists, some with diacritics for accent-insensitive search. */
const ARTISTS: Artist[] = [
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
const GUEST_ARTISTS = [
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

const LABELS = [
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

const TITLE_FIRST = [
  "Glass",
  "Copper",
  "Sodium",
  "Velvet",
  "Night",
  "Low",
  "Static",
  "Hollow",
  "Mercury",
  "Paper",
  "Salt",
  "Ember",
  "Tidal",
  "Neon",
  "Slow",
  "Midnight",
  "Soft",
  "Silver",
  "Lunar",
  "Amber",
  "Cobalt",
  "Violet",
  "Quiet",
  "Distant",
  "Northern",
  "Crimson",
  "Pale",
  "Hidden",
  "Broken",
  "Electric",
  "Winter",
  "Golden",
  "Faded",
  "Magnetic",
  "Open",
];
const TITLE_SECOND = [
  "Rain",
  "Harbour",
  "Circuit",
  "Steps",
  "Machines",
  "Bloom",
  "Memory",
  "Lines",
  "Signal",
  "Tide",
  "Garden",
  "Horizon",
  "Transit",
  "Arcade",
  "Cathedral",
  "Current",
  "Frequencies",
  "Motion",
  "Orbit",
  "Pulse",
  "Ritual",
  "Mirage",
  "Weather",
  "Atlas",
  "Corridor",
  "Dreams",
  "Season",
  "Parade",
  "Reflex",
  "Island",
  "Voltage",
  "Fields",
  "Hymn",
  "Shadows",
];
const TITLE_SINGLE = [
  "Halflight",
  "Northbound",
  "Polyhedra",
  "Undertow",
  "Afterimage",
  "Sublunar",
  "Parallax",
  "Fathom",
  "Solstice",
  "Driftwood",
  "Monsoon",
  "Lodestar",
  "Meridian",
  "Brightwater",
  "Overpass",
  "Nocturne",
  "Saudade",
  "Vesper",
  "Kinetik",
];

const QUOTES = [
  "I only finish a track when it still surprises me on the third listen",
  "The dancefloor tells you everything, you just have to stop talking long enough to hear it",
  "Most of my favourite sounds are mistakes I was too stubborn to delete",
  "A warm-up set is a promise, not a preview",
  "I want the kick to feel like weather, not like a fist",
  "We started the label so our friends would have somewhere to put their strangest records",
  "If a room goes quiet at four in the morning, that is a compliment",
  "The city is in every record, even the ones I made on a train",
  "I grew up on pirate radio, so I still think in ten-minute blends",
  "You can hear when a producer has never carried their own records up a staircase",
  "The machines are old and temperamental, which keeps me honest",
  "Every track starts as a field recording, even if you never hear it",
  "Nobody needs another banger; people need a reason to stay",
  "I play slower than I used to, and the crowd has come with me",
  "Some of the best dancers I know have never been inside a famous club",
  "When the sound system is right, you stop thinking about genre",
  "I learned more from closing small rooms than from playing big festivals",
  "Rhythm is the oldest technology we have",
  "The record shop was my school, my job and my social life",
  "I leave one mistake in every mix so people know it is real",
  "A good bassline should make a stranger smile",
];
const SHORT_QUOTES = [
  "The machines keep me honest",
  "Rhythm is the oldest technology we have",
  "Nobody needs another banger",
  "I play slower now, and the crowd came with me",
  "The record shop was my school",
  "Every track starts as a field recording",
  "A warm-up set is a promise",
];
const TOPICS = [
  "tape loops and the long blend",
  "running a label from a spare bedroom",
  "the art of the warm-up set",
  "field recordings and the sound of the city",
  "leaving the grid behind",
  "ten years of closing small rooms",
  "why the best parties start on community radio",
  "building a studio on a budget",
  "learning to play slower",
  "the pressure of a debut album",
  "touring without burning out",
  "sampling the weather",
];
const GEAR = [
  "a battered Roland SH-101",
  "a borrowed Juno-106",
  "a drum machine that only behaves once it has warmed up",
  "an Elektron Digitakt and little else",
  "a four-track cassette recorder",
  "a small modular rig",
  "a second-hand MPC 2000XL",
  "an old Korg MS-20 and a spring reverb",
];
const TEXTURES = [
  "tape hiss",
  "field recordings of rain on a tin roof",
  "detuned strings",
  "long dub delays",
  "granular vocal fragments",
  "a bed of vinyl crackle",
  "sub-bass pressure",
  "shimmering pads",
  "a lone Rhodes chord",
  "metallic percussion",
];
const FORMATS = ["12-inch", "EP", "double LP", "cassette", "album", "10-inch"];
const COLOURS = ["clear", "smoky grey", "translucent blue", "marbled red", "bone white", "deep green"];
const SEASONS = ["spring", "summer", "autumn", "winter"];
const HOURS = ["4 a.m.", "5 a.m.", "sunrise", "the first train home"];

// ---------------------------------------------------------------------------------------------
// Helpers.

const FOLD: Record<string, string> = {
  ø: "o",
  Ø: "o",
  æ: "ae",
  Æ: "ae",
  ß: "ss",
  đ: "d",
  ł: "l",
  œ: "oe",
  þ: "th",
  ð: "d",
};

/** ASCII kebab-case: 'Björn Åström' → 'bjorn-astrom', 'Drum & Bass' → 'drum-and-bass'. */
export function slugify(text: string): string {
  return text
    .replace(/[øØæÆßđłœþð]/g, (c) => FOLD[c] ?? c)
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/['’]/g, "")
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** Seconds → 'M:SS' (or 'H:MM:SS' past an hour). */
function clock(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}

/** Seconds → 'MM:SS' cue (minutes may pass 59 on long mixes). */
function cue(seconds: number): string {
  return `${pad(Math.floor(seconds / 60))}:${pad(seconds % 60)}`;
}

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const YOUTUBE_ID = `${BASE62}-_`;

function streamUrl(rng: Rng, platform: Exclude<AudioPlatform, "local">, artist: string, title: string) {
  switch (platform) {
    case "youtube":
      return `https://www.youtube.com/watch?v=${rng.string(YOUTUBE_ID, 11)}`;
    case "soundcloud":
      return `https://soundcloud.com/${slugify(artist)}/${slugify(title)}`;
    case "spotify":
      return `https://open.spotify.com/track/${rng.string(BASE62, 22)}`;
  }
}

/** Invented track and record titles, never the same twice in one catalogue. */
class TitleBank {
  private used = new Set<string>();
  constructor(private rng: Rng) {}
  next(): string {
    for (;;) {
      const title = this.rng.chance(0.35)
        ? this.rng.pick(TITLE_SINGLE)
        : `${this.rng.pick(TITLE_FIRST)} ${this.rng.pick(TITLE_SECOND)}`;
      if (!this.used.has(title)) {
        this.used.add(title);
        return title;
      }
    }
  }
  reserve(title: string): string {
    this.used.add(title);
    return title;
  }
}

type Context = Record<string, string>;

/** English possessive: "Marlon Reeves'" but "Zoë Lefèvre's". */
const possessive = (name: string) => (name.endsWith("s") ? `${name}'` : `${name}'s`);

/**
 * Fills '{key}' placeholders from the context; "{key's}" gives the possessive. '{quote}' draws
 * the next unused quote so an interview never repeats one. A missing key is a bug in the
 * templates, so it throws. The result starts with a capital letter.
 */
function fill(template: string, ctx: Context, quotes: string[] = []): string {
  const text = template.replace(/\{(\w+)('s)?\}/g, (_, key: string, poss?: string) => {
    if (key === "quote") {
      const quote = quotes.shift();
      if (!quote) throw new Error("ran out of quotes");
      return quote;
    }
    const value = ctx[key];
    if (value === undefined) throw new Error(`template key {${key}} missing in: ${template}`);
    return poss ? possessive(value) : value;
  });
  // A template ending in '.' after a value like '4 a.m.' must not double the full stop.
  const sentence = text.replace(/\.\.(?=\s|$)/g, ".");
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}

// ---------------------------------------------------------------------------------------------
// Time zones: the DST rules of the venues' zones, so events carry the offset of their date.

interface ZoneRule {
  /** Standard offset in minutes east of UTC. */
  std: number;
  dst?: "eu" | "us";
}

const ZONES: Record<string, ZoneRule> = {
  "Europe/Berlin": { std: 60, dst: "eu" },
  "Europe/Amsterdam": { std: 60, dst: "eu" },
  "Europe/London": { std: 0, dst: "eu" },
  "America/Detroit": { std: -300, dst: "us" },
  "America/Toronto": { std: -300, dst: "us" },
  "America/Chicago": { std: -360, dst: "us" },
  "Asia/Tokyo": { std: 540 },
  "Asia/Tbilisi": { std: 240 },
  "Africa/Lagos": { std: 60 },
  "America/Sao_Paulo": { std: -180 },
  "Atlantic/Reykjavik": { std: 0 },
};

/** Day of month of the n-th Sunday (n = -1: the last one) of a month (1-12). */
function sunday(year: number, month: number, n: number): number {
  if (n > 0) {
    const firstDow = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
    return 1 + ((7 - firstDow) % 7) + (n - 1) * 7;
  }
  const lastDay = new Date(Date.UTC(year, month, 0));
  return lastDay.getUTCDate() - lastDay.getUTCDay();
}

/** Offset in minutes of `zone` at local wall time 'YYYY-MM-DDTHH:MM'. */
export function zoneOffsetMinutes(zone: string, local: string): number {
  const rule = ZONES[zone];
  if (!rule) throw new Error(`unknown zone ${zone}`);
  const [y, mo, d, h, mi] = local.split(/[-T:]/).map(Number) as [number, number, number, number, number];
  if (!rule.dst) return rule.std;
  const utc = Date.UTC(y, mo - 1, d, h, mi) - rule.std * 60_000;
  let start: number;
  let end: number;
  if (rule.dst === "eu") {
    // Last Sunday of March to last Sunday of October, at 01:00 UTC.
    start = Date.UTC(y, 2, sunday(y, 3, -1), 1);
    end = Date.UTC(y, 9, sunday(y, 10, -1), 1);
  } else {
    // Second Sunday of March 02:00 standard time to first Sunday of November 02:00 daylight time.
    start = Date.UTC(y, 2, sunday(y, 3, 2), 2) - rule.std * 60_000;
    end = Date.UTC(y, 10, sunday(y, 11, 1), 2) - (rule.std + 60) * 60_000;
  }
  return utc >= start && utc < end ? rule.std + 60 : rule.std;
}

/** 'YYYY-MM-DDTHH:MM' local → 'YYYY-MM-DDTHH:MM:00+HH:MM'. */
function withOffset(zone: string, local: string): string {
  const offset = zoneOffsetMinutes(zone, local);
  const sign = offset < 0 ? "-" : "+";
  const abs = Math.abs(offset);
  return `${local}:00${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** Adds hours to a local wall time (the result is wall time too). */
function addLocalHours(local: string, hours: number): string {
  const [y, mo, d, h, mi] = local.split(/[-T:]/).map(Number) as [number, number, number, number, number];
  return new Date(Date.UTC(y, mo - 1, d, h + hours, mi)).toISOString().slice(0, 16);
}

// ---------------------------------------------------------------------------------------------
// Prose. Each post draws sentences without replacement, so a post never repeats itself; the
// pools are large enough that two posts rarely share more than a few sentences.

const OPENINGS: Record<PostCategory, string[]> = {
  news: [
    "{label} has announced {release}, a new {format} from {artist} that lands later this {season}.",
    "After two quiet years, {artist} has confirmed a new {format}, {release}, on {label}.",
    "{artist} has shared details of {release}, built from the {genre} sessions that have circulated as white labels for months.",
    "{venue} in {city} has handed {artist} a monthly residency, starting this {season}.",
    "{artist} returns to {label} with {release}, their most ambitious {format} so far.",
  ],
  interviews: [
    '{artist} answers the call from a studio in {city}, a room they describe as "half storage unit, half greenhouse".',
    "Few producers in {city} have shaped its {genre} sound as quietly as {artist}.",
    "We met {artist} the morning after a six-hour set at {venue}, still buzzing and slightly hoarse.",
    "{artist} has spent the last decade moving between {genre} and {genre2} without ever sounding like a tourist.",
    "It is early afternoon in {city}, which for {artist} counts as first thing in the morning.",
  ],
  premieres: [
    'Today we premiere "{track}", taken from {artist\'s} forthcoming {format} {release}.',
    '"{track}" is the kind of {genre} that sounds best long after midnight, and we are glad to premiere it here.',
    '{artist} returns to {label} with {release}, and we have the first taste: "{track}".',
    'We have the first play of "{track}", the lead cut from {release} by {artist}.',
  ],
  reviews: [
    "{release} is {artist's} most confident record yet, and also their strangest.",
    "There are records that announce themselves and records that creep up on you; {release} belongs firmly to the second kind.",
    "On {release}, {artist} takes the {genre} of {city} and slows it down until you can hear every grain.",
    "It has been a long wait for {release}, and {artist} has used the time well.",
  ],
  features: [
    "Walk through {city} after midnight and you will hear {genre} leaking out of places you would never expect.",
    "Every scene has its unsung architects, and in {city} one of them is {artist}.",
    "It is hard to overstate how much {genre} has changed in the last five years, and {city} is where you can hear it happening.",
    "Ask ten DJs in {city} where the night really starts and you will get ten different answers.",
  ],
};

/** Interview paragraphs after the first open with one of these. */
const QUOTE_LEADS = [
  '"{quote}," {artist} says.',
  '"{quote}."',
  'As {artist} puts it: "{quote}."',
  '"{quote}," they add, laughing.',
  '"{quote}," {artist} insists.',
  '"{quote}," {artist} says, and it is a line they come back to more than once.',
];

const BODY: Record<PostCategory, string[]> = {
  news: [
    "The record was written in {city} over a long winter, mostly between midnight and {hour}.",
    "Test pressings have already turned up in the bags of several residents around {city}.",
    "Pre-orders open next week, with a limited run on {colour} vinyl.",
    'The label describes it as "{genre} for the walk home rather than the peak hour".',
    "A launch night is planned at {venue}, with {artist2} on warm-up duty.",
    "Digital versions follow two weeks after the vinyl, a gap the label says it will keep for every release.",
    "Two of the tracks have been staples of {artist's} sets since last summer, usually right before the lights come up.",
    "The announcement comes with a short film shot in the empty car parks of {city} at dawn.",
    "{artist2} contributes a remix that pushes the title track towards {genre2}.",
    'The first track, "{track}", is already making the rounds on community radio.',
    "It is the label's third release this year, and by some distance its most personal.",
    "A handful of live dates will follow, with the first confirmed for {venue}.",
    "The sleeve notes are written by {artist2}, who has known {artist} since their first gigs in {city}.",
    "It is {artist's} first release since moving their studio across {city}.",
    "Early support has come from DJs as different as {artist2} and {remixer}.",
    "The B-side is a beatless version recorded in a single take.",
    "Listening sessions in record shops across {city} will follow the release.",
  ],
  interviews: [
    "The new material was built almost entirely on {gear}, recorded straight to tape.",
    "Asked about the {city} scene, {artist} is generous with names and careful with praise.",
    "Much of the conversation circles back to {topic}.",
    "There is a long pause when we ask about the early nights at {venue}.",
    "Even the quieter tracks sit around {bpm} BPM, close enough to the floor to be mixed.",
    "Their sets still lean on records bought in {city} shops a decade ago.",
    "Working with {artist2} changed how they think about arrangement, they admit.",
    "The answer to most questions, it turns out, is more time in the studio.",
    "{artist} still keeps a notebook of every set, with the first and last record of each night.",
    "Talk of studio life leads, inevitably, to a story about a broken cable and a very long night.",
    "They are quick to credit {artist2}, who booked them when nobody else would.",
    "Most days start with an hour of practice, headphones on, before anyone else is awake.",
    "Ask about genre and the answer is a shrug; ask about {genre} specifically and the stories start.",
    "The move to {label} came after a single email and a very long lunch.",
  ],
  premieres: [
    "It opens with {texture} before a rolling bassline takes over around the two-minute mark.",
    "The drums are loose, almost swung, sitting at a patient {bpm} BPM.",
    "A second breakdown strips everything back to {texture} and a heartbeat kick.",
    "It was made on {gear}, and you can hear the machine breathing in the gaps.",
    "{artist2} has already been testing it in {city}, closing sets with the dub version.",
    "There is a melody buried in the mix that only surfaces on the third or fourth listen.",
    "The track was finished in a single night, then left alone for a year before mixdown.",
    "Where most {genre} builds towards a drop, this one builds towards a feeling.",
    "The low end is heavy but never crowded, with room left for the hi-hats to skip.",
    "The flip side leans further into {genre2}, but this is the cut that stays with you.",
    "It is dancefloor music with its head turned towards the window.",
    "Halfway through, a vocal sample appears, says almost nothing, and disappears again.",
    "{remixer} was the first DJ outside {city} to play it, and it has not left their bag since.",
    "The arrangement stretches to nearly eight minutes, which is exactly long enough.",
    "The hats come in late, and the track is better for it.",
    "It is the most direct thing {artist} has released, without losing any of the strangeness.",
  ],
  reviews: [
    'The opener, "{track}", sets the tone with {texture} and a kick drum that never quite arrives.',
    "The middle of the record is where it earns its keep: patient, interlocking grooves that reward a long blend.",
    "Not everything lands; a couple of interludes feel like sketches kept for sentimental reasons.",
    "The production is warm but never soft, with low end you feel before you hear.",
    "Fans of {artist2} will find plenty to love here, though {artist} is less interested in the drop.",
    "It rewards headphones as much as a big system.",
    "The mastering leaves room for the quiet parts, which is rarer than it should be.",
    "The closing track drifts into {genre2}, a surprising and welcome detour.",
    "{texture} runs through every track like a watermark.",
    "It was recorded on {gear}, and the limitations suit the material.",
    "At {bpm} BPM, the title track is made for the hour when the room starts to thin out.",
    "It is a record about {city} as much as about {genre}.",
    "There is no filler here, and no track outstays its welcome.",
    "If the last record was about the peak, this one is about the comedown.",
    "{remixer's} remix on the digital version is a bonus rather than a necessity.",
    "Some of the best moments are the quietest: a held chord, a cymbal left to decay.",
  ],
  features: [
    "The first parties happened in a disused print works near {venue}, with a borrowed sound system and no licence.",
    "Promoters talk about the crowd before they talk about the line-up, which says a lot.",
    "Rising rents have pushed several venues to the edge of the city, and the scene has followed them.",
    "Record shops still matter here: half the DJs we spoke to work, or used to work, behind a counter.",
    '{artist2} remembers those nights as "chaotic, generous and very, very loud".',
    "The sound is hard to pin down: a little {genre}, a little {genre2}, and a lot of {texture}.",
    "A new generation is arriving through community radio and free production workshops.",
    "{artist} points us to a bar with a sound system built by hand, one speaker at a time.",
    "Visiting DJs come for a weekend and often stay for a month.",
    "Most nights run until {hour}, and nobody checks the time.",
    "The local labels press small runs, sell out in days and rarely repress.",
    "There is a rule at {venue}: no phones on the dancefloor, and people actually keep it.",
    "Every Sunday, a small crowd gathers at {venue} for an afternoon session that has outlived three owners.",
    "Community radio is the scene's notice board, with shows going out from a converted shipping container.",
    "A shared studio near the station has become a second home for a dozen young producers.",
    "The crowds are young, mixed and remarkably patient with long, slow sets.",
  ],
};

/** Shared by news, premieres and reviews: sentences about a record. */
const RECORD_BODY = [
  "{label} has been quietly building one of the most consistent catalogues in {genre} since its first 12-inch.",
  "It is music that rewards a proper sound system, but it also makes sense on a late bus home.",
  "The influence of {city's} after-hours culture is everywhere, from the long intros to the refusal of big drops.",
  "Tape hiss, room tone and the odd dropped hi-hat are left in on purpose.",
  "There is a patience to it that feels out of step with the times, in the best way.",
  "It sits comfortably next to older records from {label}, without sounding like a tribute.",
  "Locals at {venue} will recognise a few of these ideas from long Sunday sets.",
  "The balance between {genre} and {genre2} is handled with real care.",
  "Fans of the label's earlier releases will find plenty that feels familiar, and just enough that does not.",
  "The whole thing feels made for {hour} rather than midnight.",
];

/** Shared by interviews and features: sentences about people and places. */
const SCENE_BODY = [
  "{city} comes up again and again, less as a backdrop than as a collaborator.",
  "Friendship runs through all of it: the bookings, the records, the late-night lifts home.",
  "Money comes up once, briefly, and then the talk is back to records.",
  "There is a patience to all of it that feels out of step with the times, in the best way.",
  "The conversation keeps returning to the dancefloor and the people on it.",
  "Nothing about it feels planned, and that is the point.",
  "Regulars at {venue} will recognise the story from long Sunday sessions.",
  "It is the kind of scene that only works because everyone shows up.",
];

const CLOSINGS: Record<PostCategory, string[]> = {
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

const EXCERPTS: Record<PostCategory, string[]> = {
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
const TITLES: Record<PostCategory, string[]> = {
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

/** 3-6 paragraphs of 2-4 sentences: opening first, closing last, nothing repeated. */
function composeBody(rng: Rng, category: PostCategory, ctx: Context, opening?: string): string[] {
  const quotes = rng.shuffle(QUOTES);
  const leads = category === "interviews" ? rng.shuffle(QUOTE_LEADS) : [];
  const shared = category === "interviews" || category === "features" ? SCENE_BODY : RECORD_BODY;
  const pool = rng.shuffle([...BODY[category], ...shared]);
  const paragraphs: string[][] = [];
  const count = rng.int(3, 6);
  for (let p = 0; p < count; p++) {
    const size = rng.int(2, count > 4 ? 3 : 4);
    const sentences: string[] = [];
    if (p === 0) sentences.push(opening ?? fill(rng.pick(OPENINGS[category]), ctx, quotes));
    else if (leads.length > 0) sentences.push(fill(leads.shift() as string, ctx, quotes));
    // The last paragraph keeps a slot for the closing sentence.
    while (sentences.length < size - (p === count - 1 ? 1 : 0)) {
      const template = pool.shift();
      if (!template) break;
      sentences.push(fill(template, ctx, quotes));
    }
    paragraphs.push(sentences);
  }
  paragraphs[paragraphs.length - 1]?.push(fill(rng.pick(CLOSINGS[category]), ctx, quotes));
  return paragraphs.map((s) => s.join(" "));
}

// ---------------------------------------------------------------------------------------------
// Posts.

interface PostPlan {
  category: PostCategory;
  artist: Artist;
  /** null: the post has no single artist (artist_name NULL). */
  showArtist: boolean;
  genres: string[];
  locations: string[];
  title?: string;
  excerpt?: string;
  opening?: string;
  tags?: string[];
  special: boolean;
  featured?: boolean;
}

const artistByName = (name: string): Artist => {
  const artist = ARTISTS.find((a) => a.name === name);
  if (!artist) throw new Error(`no artist ${name}`);
  return artist;
};

/** Hand-written posts that tests rely on (accents, 'Techno' vs 'Technicolor', null artists). */
const SPECIAL_POSTS: PostPlan[] = [
  {
    category: "interviews",
    artist: artistByName("Björn Åström"),
    showArtist: true,
    genres: ["ambient", "experimental"],
    locations: ["reykjavik", "iceland"],
    title: "Björn Åström on building a studio out of a fishing hut",
    excerpt: "Björn Åström talks tide tables, broken tape machines and the quiet of a Reykjavík winter.",
    opening:
      "Björn Åström moved to Reykjavík for a winter and never left; the studio is a converted fishing hut on the edge of the harbour.",
    tags: ["studio", "field-recording"],
    special: true,
    featured: true,
  },
  {
    category: "interviews",
    artist: artistByName("Sigrún Ósk"),
    showArtist: true,
    genres: ["ambient", "downtempo"],
    locations: ["reykjavik"],
    title: 'Sigrún Ósk: "Silence is part of the arrangement"',
    excerpt: "Sigrún Ósk on patience, choirs and writing ambient music for small rooms.",
    tags: ["ambient-works", "album"],
    special: true,
  },
  {
    category: "reviews",
    artist: artistByName("Zoë Lefèvre"),
    showArtist: true,
    genres: ["house", "disco"],
    locations: ["montreal"],
    title: "Technicolor Haze: Zoë Lefèvre's widescreen debut",
    excerpt: "Zoë Lefèvre's first album is a lush, technicolor trip through Montréal's loft parties.",
    tags: ["debut", "album"],
    special: true,
    featured: true,
  },
  {
    category: "premieres",
    artist: artistByName("Jürgen Møller"),
    showArtist: true,
    genres: ["dub-techno", "minimal"],
    locations: ["berlin"],
    title: "Premiere: Jürgen Møller – Kaltfront",
    excerpt: 'Jürgen Møller\'s "Kaltfront" is dub techno for the coldest hour of the night.',
    tags: ["ep", "vinyl"],
    special: true,
  },
  {
    category: "features",
    artist: artistByName("Nino Kapanadze"),
    showArtist: false,
    genres: ["techno"],
    locations: ["tbilisi"],
    title: "Why Tbilisi Techno Still Matters",
    excerpt: "A decade on, Tbilisi's techno scene is still one of the most political dancefloors in Europe.",
    tags: ["live-set", "tour"],
    special: true,
    featured: true,
  },
  {
    category: "features",
    artist: artistByName("Halcyon Drift"),
    showArtist: false,
    genres: ["drum-and-bass", "dubstep", "jungle"],
    locations: ["bristol", "united-kingdom"],
    title: "The sound of Bristol: a guide to the city's basements",
    excerpt:
      "From sound-system culture to jungle revivals, a walk through Bristol's low ceilings and heavy bass.",
    tags: ["vinyl", "b2b"],
    special: true,
  },
  {
    category: "news",
    artist: artistByName("Velvet Static"),
    showArtist: false,
    genres: ["techno", "house"],
    locations: ["berlin", "london"],
    title: "Crossfade at five: a week of label nights in Berlin and London",
    excerpt: "The Crossfade label turns five with a week of parties, a compilation and a free zine.",
    tags: ["label-news", "tour"],
    special: true,
  },
];

const CATEGORY_PLAN: Record<PostCategory, number> = {
  news: 14,
  interviews: 11,
  premieres: 14,
  reviews: 14,
  features: 12,
};

const CATEGORY_TAGS: Record<PostCategory, string[]> = {
  news: ["label-news", "tour", "vinyl", "album", "ep"],
  interviews: ["studio", "live-set", "tour", "field-recording"],
  premieres: ["ep", "vinyl", "remix"],
  reviews: ["album", "ep", "vinyl"],
  features: ["field-recording", "b2b", "live-set", "vinyl", "studio"],
};

const AUDIO_CHANCE: Record<PostCategory, number> = {
  news: 0.25,
  interviews: 0.4,
  premieres: 1,
  reviews: 0.6,
  features: 0.2,
};

const POSTS_FROM = Date.UTC(2024, 0, 1);
const POSTS_TO = Date.UTC(2026, 10, 15, 21);

function planPosts(rng: Rng): PostPlan[] {
  const plans = SPECIAL_POSTS.map((p) => ({ ...p, genres: [...p.genres], locations: [...p.locations] }));
  const categories = rng.shuffle(
    (Object.keys(CATEGORY_PLAN) as PostCategory[]).flatMap(
      (c) => Array(CATEGORY_PLAN[c]).fill(c) as PostCategory[],
    ),
  );
  let roster = rng.shuffle(ARTISTS);
  for (const category of categories) {
    if (roster.length === 0) roster = rng.shuffle(ARTISTS);
    const artist = roster.shift() as Artist;
    const genres = rng.sample(artist.genres, rng.int(1, artist.genres.length));
    if (rng.chance(0.3)) {
      const extra = rng.pick(GENRES.filter((g) => g.slug !== EMPTY_GENRE_SLUG)).slug;
      if (!genres.includes(extra)) genres.push(extra);
    }
    const locations = [artist.city];
    const country = LOCATIONS.find((l) => l.slug === artist.city)?.country;
    if (country && rng.chance(0.5)) locations.push(country);
    else if (rng.chance(0.2)) {
      const other = rng.pick(ARTISTS).city;
      if (other !== artist.city) locations.push(other);
    }
    plans.push({ category, artist, showArtist: true, genres, locations, special: false });
  }
  return plans;
}

/** Gives every genre, location and tag (bar the deliberately empty ones) a published post. */
function ensureCoverage(plans: PostPlan[], published: (p: PostPlan) => boolean, rng: Rng): void {
  const open = plans.filter((p) => !p.special && published(p));
  for (const genre of GENRES) {
    if (genre.slug === EMPTY_GENRE_SLUG) continue;
    if (plans.some((p) => published(p) && p.genres.includes(genre.slug))) continue;
    const host = rng.pick(open.filter((p) => p.genres.length < 3));
    host.genres.push(genre.slug);
  }
  for (const location of LOCATIONS) {
    if (location.slug === EMPTY_LOCATION_SLUG) continue;
    if (plans.some((p) => published(p) && p.locations.includes(location.slug))) continue;
    const host = rng.pick(open.filter((p) => p.locations.length < 2));
    host.locations.push(location.slug);
  }
}

function distinctTimes(rng: Rng, count: number, from: number, to: number): number[] {
  const step = 5 * 60_000;
  const times = new Set<number>();
  while (times.size < count) {
    const t = from + Math.floor((rng.next() * (to - from)) / step) * step;
    const hour = new Date(t).getUTCHours();
    if (hour >= 7 && hour <= 21) times.add(t);
  }
  return [...times].sort((a, b) => a - b);
}

function buildPosts(
  rng: Rng,
  titles: TitleBank,
  genreIds: Map<string, number>,
  locationIds: Map<string, number>,
) {
  const plans = rng.shuffle(planPosts(rng));
  const times = distinctTimes(rng, plans.length, POSTS_FROM, POSTS_TO);

  // Drafts, null covers and featured flags go to generated posts spread over the timeline.
  const generated = plans.map((p, i) => ({ p, i })).filter(({ p }) => !p.special);
  const pickSpread = (n: number, offset: number) =>
    Array.from({ length: n }, (_, k) => generated[Math.floor(((k + offset) * generated.length) / n)]?.i ?? 0);
  const drafts = new Set(pickSpread(2, 0.5));
  const noCover = new Set(pickSpread(3, 0.2));
  const featured = new Set(pickSpread(5, 0.85));
  const isPublished = (p: PostPlan) => !drafts.has(plans.indexOf(p));
  ensureCoverage(plans, isPublished, rng);

  const usedSlugs = new Set<string>();
  const usedTags = new Set<string>();
  let audioTurn = 0;
  let localTurn = 0;
  const platforms: AudioPlatform[] = [
    "soundcloud",
    "local",
    "youtube",
    "spotify",
    "local",
    "soundcloud",
    "youtube",
  ];

  const posts: PostRecord[] = plans.map((plan, i) => {
    const { artist, category } = plan;
    const others = ARTISTS.filter((a) => a !== artist);
    const artist2 = rng.pick(others.filter((a) => a.city === artist.city).concat(rng.pick(others)));
    const genre = GENRES.find((g) => g.slug === plan.genres[0]) as GenreDef;
    const genre2 =
      GENRES.find((g) => g.slug === plan.genres[1]) ??
      (GENRES.find((g) => g.slug === artist2.genres[0] && g !== genre) as GenreDef | undefined) ??
      (GENRES.find((g) => g.slug === "ambient") as GenreDef);
    const city = LOCATIONS.find((l) => l.slug === artist.city) as LocationDef;
    const venue = rng.pick(city.venues ?? []);
    const track = plan.title?.includes("Kaltfront") ? titles.reserve("Kaltfront") : titles.next();
    const ctx: Context = {
      artist: artist.name,
      artist2: artist2.name,
      city: city.name,
      venue: venue.name,
      genre: genre.prose,
      genre2: genre2.prose,
      label: rng.weighted(
        LABELS,
        LABELS.map((_, k) => (k === 0 ? 4 : 1)),
      ),
      release: titles.next(),
      track,
      remixer: rng.pick(GUEST_ARTISTS),
      format: rng.pick(FORMATS),
      gear: rng.pick(GEAR),
      texture: rng.pick(TEXTURES),
      colour: rng.pick(COLOURS),
      season: rng.pick(SEASONS),
      hour: rng.pick(HOURS),
      topic: rng.pick(TOPICS),
      shortQuote: rng.pick(SHORT_QUOTES),
      bpm: String(rng.int(genre.bpm[0], genre.bpm[1])),
    };

    let title = plan.title ?? "";
    let slug = slugify(title);
    for (let attempt = 0; !plan.title && (attempt === 0 || usedSlugs.has(slug)); attempt++) {
      title = fill(rng.pick(TITLES[category]), ctx);
      slug = slugify(title);
      if (attempt > 20) slug = `${slug}-${i + 1}`;
    }
    usedSlugs.add(slug);

    const content = composeBody(rng, category, ctx, plan.opening);
    const excerpt = plan.excerpt ?? fill(rng.pick(EXCERPTS[category]), ctx);

    const tags = new Set(plan.tags ?? rng.sample(CATEGORY_TAGS[category], rng.int(1, 3)));
    if (!plan.tags && rng.chance(0.12)) tags.add("debut");
    if (/Remix|\(Dub\)/.test(title)) tags.add("remix");
    if (/b2b/.test(title)) tags.add("b2b");
    if (plan.genres.includes("ambient") && tags.size < 4) tags.add("ambient-works");
    const tagList = [...tags].slice(0, 4);
    const published = !drafts.has(i);
    if (published) for (const t of tagList) usedTags.add(t);

    let audio: Pick<PostRecord, "audio_platform" | "primary_audio_url" | "audio_file" | "track_title"> = {
      audio_platform: null,
      primary_audio_url: null,
      audio_file: null,
      track_title: null,
    };
    const trackTitle = category === "premieres" ? (title.split(" – ")[1] ?? track) : track;
    if (rng.chance(AUDIO_CHANCE[category]) || plan.title?.includes("Kaltfront")) {
      const platform = platforms[audioTurn++ % platforms.length] as AudioPlatform;
      audio =
        platform === "local"
          ? {
              audio_platform: "local",
              primary_audio_url: null,
              audio_file: AUDIO_CLIPS[localTurn++ % AUDIO_CLIPS.length] as string,
              track_title: trackTitle,
            }
          : {
              audio_platform: platform,
              primary_audio_url: streamUrl(rng, platform, artist.name, trackTitle),
              audio_file: null,
              track_title: trackTitle,
            };
    }

    return {
      id: i + 1,
      slug,
      title,
      artist_name: plan.showArtist ? artist.name : null,
      excerpt,
      content,
      post_date: new Date(times[i] as number).toISOString(),
      category,
      cover_image: noCover.has(i) ? null : `/media/covers/${slug}.svg`,
      is_featured: published && (featured.has(i) || plan.featured === true),
      ...audio,
      pub_status: published ? "published" : "draft",
      genre_ids: plan.genres.map((g) => genreIds.get(g) as number),
      location_ids: plan.locations.map((l) => locationIds.get(l) as number),
      tags: tagList,
    };
  });

  // Any tag still unused goes onto a published post with room for it.
  for (const tag of POST_TAGS) {
    if (usedTags.has(tag)) continue;
    const host = posts.find(
      (p) => p.pub_status === "published" && p.tags.length < 4 && !p.tags.includes(tag),
    );
    host?.tags.push(tag);
  }
  return posts;
}

// ---------------------------------------------------------------------------------------------
// Aggregated posts: syndicated from invented outlets.

const AGGREGATED: Array<{
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

function buildAggregated(rng: Rng): AggregatedPostRecord[] {
  const times = distinctTimes(rng, AGGREGATED.length, Date.UTC(2024, 2, 1), POSTS_TO);
  const taxon = (defs: Array<{ slug: string; name: string }>, slug: string): TaxonRef => {
    const def = defs.find((d) => d.slug === slug) as { slug: string; name: string };
    return { name: def.name, slug: def.slug };
  };
  return rng.shuffle(AGGREGATED).map((a, i) => {
    const slug = slugify(a.title);
    const city = LOCATIONS.find((l) => l.slug === a.locations[0]) as LocationDef;
    const genre = GENRES.find((g) => g.slug === a.genres[0]) as GenreDef;
    const ctx: Context = {
      city: city.name,
      venue: city.venues?.[0]?.name ?? city.name,
      genre: genre.prose,
      hour: rng.pick(HOURS),
    };
    const content = [
      a.excerpt,
      fill(
        rng.pick([
          "The news was confirmed on Monday, and tickets for the first dates went within hours.",
          "Regulars at {venue} have been hoping for this for years.",
          "It is another sign that {city} takes its {genre} seriously.",
        ]),
        ctx,
      ),
      fill("Read the full story on the original site.", ctx),
    ];
    return {
      id: i + 1,
      original_url: `${a.site}${slug}`,
      title: a.title,
      artist_name: a.artist,
      excerpt: a.excerpt,
      content,
      published_date: new Date(times[i] as number).toISOString(),
      featured_image: a.noImage ? null : `/media/covers/aggregated-${slug}.svg`,
      genres: a.genres.map((g) => taxon(GENRES, g)),
      locations: a.locations.map((l) => taxon(LOCATIONS, l)),
      audio: a.audio
        ? rng.chance(0.5)
          ? streamUrl(rng, "soundcloud", a.artist ?? "crossfade", a.title)
          : streamUrl(rng, "youtube", "", "")
        : null,
      pub_status: a.draft ? "draft" : "published",
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Mixtapes: the Crossfade Mix series.

const MIX_OPENINGS = [
  "{dj} steps up for number {n} in the series with a set of {genre} recorded live at {venue} in {city}.",
  "For mix {n}, {dj} brings the sound of {venue} home: two turntables, a mixer and a crate of {genre}.",
  "Number {n} in the series comes from {dj}, recorded at home in {city} on a Sunday afternoon.",
];
const MIX_DESCRIPTIONS = [
  "It moves from {genre} into {genre2} without ever losing the thread.",
  "Expect {texture}, a handful of unreleased dubs from friends in {city}, and a closing run built for {hour}.",
  "Several tracks here have never been released, and at least one was finished the night before recording.",
  "It is a mix for the walk home as much as the dancefloor, patient and warm from the first minute.",
  "Halfway through, the tempo drops into {texture} before the drums find their way back.",
];

/** Audio of each published mix in order: local clips, SoundCloud, YouTube, one without platform. */
type MixAudio = { kind: AudioPlatform | "soundcloud-unlabelled"; clip?: string };
const MIX_AUDIO: MixAudio[] = [
  { kind: "soundcloud" },
  { kind: "local", clip: AUDIO_CLIPS[0] },
  { kind: "youtube" },
  { kind: "soundcloud" },
  { kind: "local", clip: AUDIO_CLIPS[1] },
  { kind: "youtube" },
  { kind: "soundcloud-unlabelled" },
  { kind: "local", clip: AUDIO_CLIPS[2] },
  { kind: "soundcloud" },
  { kind: "youtube" },
  { kind: "soundcloud" },
  { kind: "local", clip: AUDIO_CLIPS[3] },
  { kind: "youtube" },
  { kind: "soundcloud" },
  { kind: "soundcloud" },
];

function buildMixtapes(rng: Rng, titles: TitleBank, genreIds: Map<string, number>): MixtapeRecord[] {
  const total = MIX_AUDIO.length; // the last one is a draft
  const djs = rng.shuffle(ARTISTS.filter((a) => a.name !== "Björn Åström")).slice(0, total);
  // Zoë Lefèvre always gets a mix, so accent-insensitive mixtape search has a target.
  if (!djs.some((a) => a.name === "Zoë Lefèvre")) djs[3] = artistByName("Zoë Lefèvre");
  const days = distinctTimes(rng, total, Date.UTC(2024, 0, 10), Date.UTC(2026, 10, 10)).map(day);
  const featured = new Set([2, 8, 12]);
  return djs.map((dj, i) => {
    const n = pad(i + 1, 3);
    const slug = `crossfade-mix-${n}-${slugify(dj.name)}`;
    const genres = dj.genres.slice(0, rng.int(1, 2));
    const g1 = GENRES.find((g) => g.slug === genres[0]) as GenreDef;
    const slug2 = genres[1] ?? rng.pick(ARTISTS).genres[0];
    const g2 = GENRES.find((g) => g.slug === slug2) as GenreDef;
    const city = LOCATIONS.find((l) => l.slug === dj.city) as LocationDef;
    const ctx: Context = {
      dj: dj.name,
      n: String(i + 1),
      genre: g1.prose,
      genre2: g2.prose,
      venue: rng.pick(city.venues ?? []).name,
      city: city.name,
      texture: rng.pick(TEXTURES),
      hour: rng.pick(HOURS),
    };
    const description = [rng.pick(MIX_OPENINGS), ...rng.sample(MIX_DESCRIPTIONS, rng.int(1, 2))]
      .map((t) => fill(t, ctx))
      .join(" ");

    const count = rng.int(8, 16);
    const seconds = rng.int(45 * 60, 59 * 60 + 50);
    // Cut points split the mix into `count` segments of at least two minutes.
    const cuts = Array.from({ length: count - 1 }, () => rng.next())
      .sort((a, b) => a - b)
      .map((f) => Math.round(f * (seconds - count * 120)));
    const tracklist: TracklistEntry[] = Array.from({ length: count }, (_, k) => {
      const start = k === 0 ? 0 : (cuts[k - 1] as number) + k * 120;
      const artist = rng.chance(0.3) ? rng.pick(ARTISTS).name : rng.pick(GUEST_ARTISTS);
      const suffix = rng.weighted(
        ["", " (Dub)", " (Extended Mix)", ` (${rng.pick(GUEST_ARTISTS)} Remix)`],
        [6, 1, 1, 2],
      );
      return { position: k + 1, artist, title: `${titles.next()}${suffix}`, time: cue(start) };
    });

    const audio = MIX_AUDIO[i] as MixAudio;
    const external =
      audio.kind === "local"
        ? null
        : audio.kind === "youtube"
          ? streamUrl(rng, "youtube", "", "")
          : `https://soundcloud.com/crossfade-mixes/${slug}`;
    return {
      id: i + 1,
      slug,
      title: `Crossfade Mix ${n}: ${dj.name}`,
      artist_name: dj.name,
      release_date: days[i] as string,
      cover_image: `/media/covers/${slug}.svg`,
      description,
      tracklist,
      duration: i === 5 ? "0:00" : clock(seconds),
      track_count: tracklist.length,
      download_url: i % 3 === 1 ? `https://example-downloads.com/crossfade/xfm-${n}.mp3` : null,
      external_audio_url: external,
      audio_file: audio.kind === "local" ? (audio.clip as string) : null,
      audio_platform:
        audio.kind === "soundcloud-unlabelled" ? null : audio.kind === "local" ? "local" : audio.kind,
      is_featured: featured.has(i),
      pub_status: i === total - 1 ? "draft" : "published",
      genre_ids: genres.map((g) => genreIds.get(g) as number),
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Releases: the Crossfade label catalogue, XFD001 onwards.

const RELEASE_TYPES: Array<ReleaseRecord["release_type"]> = [
  "EP",
  "Single",
  "EP",
  "Album",
  "EP",
  "Single",
  "EP",
  "Album",
  "Single",
  "EP",
  "EP",
  "Album",
  "EP",
];
const RELEASE_ARTISTS = [
  "Velvet Static",
  "Sigrún Ósk",
  "Halcyon Drift",
  "Jürgen Møller",
  "Adaeze Okafor",
  "Ferro Lux",
  "Zoë Lefèvre",
  "Paper Moons",
  "Kwame Asante-Brown",
  "Nino Kapanadze",
  "Concrete Bloom",
  "Björn Åström",
  "Marlon Reeves",
];
/** Releases (by index) whose lead track is a local clip, and which clip. */
const RELEASE_LOCAL: Record<number, string> = {
  0: AUDIO_CLIPS[0],
  3: AUDIO_CLIPS[2],
  5: AUDIO_CLIPS[1],
  8: AUDIO_CLIPS[3],
  10: AUDIO_CLIPS[0],
  11: AUDIO_CLIPS[2],
};
/** Releases without a flagged primary track: the first track is used. */
const NO_PRIMARY = new Set([2, 7]);

const ENGINEERS = [
  "Lena Vogt at Schnittraum Süd, Berlin",
  "Tom Ashby at Cutting Room Nine, London",
  "Mika Huttunen at Polar Mastering, Helsinki",
  "Ife Adeyemi at Lagoon Studios, Lagos",
  "Rafael Duarte at Estúdio Sereno, São Paulo",
];
const DESIGNERS = ["Hanne Roth", "Studio Halftone", "Kofi Mensah", "Mei Arakawa", "Ottilie Grant"];

const RELEASE_OPENINGS = [
  "{title} is {artist's} debut for Crossfade, {aType} built for small, dark rooms and long blends.",
  "On {title}, {artist} distils a year of late nights in {city} into {aType} of rare focus.",
  "{title} finds {artist} in a reflective mood: {aType} of {genre} that never raises its voice.",
];
const RELEASE_DESCRIPTIONS = [
  "Written in {city} over the {season}, it pairs {texture} with {genre} rhythms that take their time.",
  "The tracks were road-tested in {artist's} own sets for a year before mixdown, and it shows.",
  "It was recorded on {gear}, with as few overdubs as the material would allow.",
  "Pressed on {colour} vinyl with a printed inner sleeve, plus a digital version with one extra track.",
];

function buildReleases(rng: Rng, titles: TitleBank): ReleaseRecord[] {
  const days = distinctTimes(rng, RELEASE_TYPES.length, Date.UTC(2024, 1, 1), Date.UTC(2026, 10, 12)).map(
    day,
  );
  let trackId = 0;
  let linkId = 0;
  return RELEASE_TYPES.map((type, i) => {
    const artist = artistByName(RELEASE_ARTISTS[i] as string);
    const title = i === 3 ? titles.reserve("Kaltfront") : titles.next();
    const catalog = `XFD${pad(i + 1, 3)}`;
    const slug = slugify(`${artist.name} ${title}`);
    const genre = GENRES.find((g) => g.slug === artist.genres[0]) as GenreDef;
    const remixer = rng.pick(GUEST_ARTISTS);
    const ctx: Context = {
      title,
      artist: artist.name,
      aType: type === "Album" ? "an album" : type === "EP" ? "an EP" : "a single",
      city: (LOCATIONS.find((l) => l.slug === artist.city) as LocationDef).name,
      season: rng.pick(SEASONS),
      texture: rng.pick(TEXTURES),
      genre: genre.prose,
      gear: rng.pick(GEAR),
      colour: rng.pick(COLOURS),
    };
    const description = [rng.pick(RELEASE_OPENINGS), ...rng.sample(RELEASE_DESCRIPTIONS, 2)]
      .map((t) => fill(t, ctx))
      .join(" ");

    const count =
      i === 8 ? 1 : type === "Single" ? rng.int(2, 3) : type === "EP" ? rng.int(3, 6) : rng.int(7, 10);
    const primary = NO_PRIMARY.has(i) ? 0 : rng.int(1, Math.min(3, count));
    const lead = primary || 1;
    let totalSeconds = 0;
    const tracks: ReleaseTrackRecord[] = Array.from({ length: count }, (_, k) => {
      const n = k + 1;
      const isRemix = type !== "Album" && n === count && count > 1;
      const trackTitle =
        n === 1
          ? title
          : isRemix
            ? `${title} (${remixer} Remix)`
            : type === "Single"
              ? `${title} (Dub)`
              : titles.next();
      const length = genre.slug === "ambient" ? rng.int(300, 720) : rng.int(200, 540);
      totalSeconds += length;
      let audioUrl: string | null = null;
      let platform: AudioPlatform | null = null;
      const local = RELEASE_LOCAL[i];
      if (n === lead && local) {
        audioUrl = local;
        platform = "local";
      } else if (n === lead || rng.chance(0.8)) {
        platform = rng.pick(["youtube", "soundcloud", "spotify"] as const);
        audioUrl = streamUrl(rng, platform, artist.name, trackTitle);
      }
      return {
        id: ++trackId,
        release_id: i + 1,
        track_number: n,
        title: trackTitle,
        artist_name: artist.name,
        duration: clock(length),
        audio_url: audioUrl,
        audio_platform: platform,
        is_primary_track: n === primary,
        is_featured: n === lead && i % 4 === 0,
      };
    });

    const platforms = rng.sample(
      ["bandcamp", "beatport", "juno", "spotify", "apple-music", "custom"],
      rng.int(2, 4),
    );
    if (!platforms.includes("bandcamp")) platforms[0] = "bandcamp";
    const titleSlug = slugify(title);
    const purchase_links: PurchaseLinkRecord[] = platforms.map((platform, position) => {
      const custom = platform === "custom" ? rng.pick(["Hardwax", "Dimitri's Vinyl Cellar"]) : null;
      const url = {
        bandcamp: `https://crossfade.bandcamp.com/${type === "Single" ? "track" : "album"}/${titleSlug}`,
        beatport: `https://www.beatport.com/release/${titleSlug}/${rng.int(4_000_000, 4_999_999)}`,
        juno: `https://www.junodownload.com/products/${slug}/${rng.int(5_000_000, 5_999_999)}-02/`,
        spotify: `https://open.spotify.com/album/${rng.string(BASE62, 22)}`,
        "apple-music": `https://music.apple.com/us/album/${titleSlug}/${rng.int(1_600_000_000, 1_799_999_999)}`,
        custom:
          custom === "Hardwax"
            ? `https://hardwax.com/${rng.int(80_000, 89_999)}/${slugify(artist.name)}/${titleSlug}/`
            : `https://example-records.com/products/${catalog.toLowerCase()}`,
      }[platform] as string;
      return {
        id: ++linkId,
        release_id: i + 1,
        platform,
        custom_platform_name: custom,
        url,
        position,
      };
    });

    const credits = [
      `Written and produced by ${artist.name}.`,
      tracks.some((t) => t.title.includes("Remix")) ? `Remix and additional production by ${remixer}.` : "",
      `Mastered by ${rng.pick(ENGINEERS)}.`,
      `Artwork by ${rng.pick(DESIGNERS)}.`,
    ]
      .filter(Boolean)
      .join(" ");

    return {
      id: i + 1,
      slug,
      title,
      artist_name: artist.name,
      release_date: days[i] as string,
      artwork: `/media/covers/${catalog.toLowerCase()}-${slug}.svg`,
      release_type: type,
      total_duration: i === 6 ? null : clock(totalSeconds),
      description,
      credits,
      catalog_number: catalog,
      is_featured: i === 3 || i === 9 || i === 11,
      pub_status: i === RELEASE_TYPES.length - 1 ? "draft" : "published",
      tracks,
      purchase_links,
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Events: hand-written, so dates sit around DST changes on purpose.

interface EventDef {
  title: string;
  city: string;
  venue: number;
  /** Local wall time 'YYYY-MM-DDTHH:MM'. */
  start: string;
  hours: number;
  lineup: string[];
  price: string | null;
  ticketed: boolean;
  status?: EventStatus;
  featured?: boolean;
  draft?: boolean;
  blurb: string;
}

const EVENTS: EventDef[] = [
  {
    title: "Crossfade Bristol: Halcyon Drift & Marrow & Salt",
    city: "bristol",
    venue: 0,
    start: "2025-03-15T22:00",
    hours: 6,
    lineup: ["Halcyon Drift", "Marrow & Salt", "Grey Parish"],
    price: "£12 adv",
    ticketed: true,
    blurb: "Jungle and drum & bass on a hand-built rig, from the first record to the last.",
  },
  {
    title: "Crossfade Detroit: Memorial Day after-hours",
    city: "detroit",
    venue: 0,
    start: "2025-05-24T23:00",
    hours: 8,
    lineup: ["Marlon Reeves", "Chrome Juno", "Concrete Bloom", "Delphine Achterberg"],
    price: "$25",
    ticketed: true,
    blurb: "Electro and techno until the sun is well up over Grand River Avenue.",
  },
  {
    title: "Mtkvari Open Air",
    city: "tbilisi",
    venue: 0,
    start: "2025-07-19T16:00",
    hours: 10,
    lineup: ["Nino Kapanadze", "Tamar Gelashvili", "Moritz Kühn"],
    price: "GEL 40",
    ticketed: true,
    blurb: "A riverside open air that starts in daylight and ends in the deep end of techno.",
  },
  {
    title: "Crossfade Tokyo with Paper Moons",
    city: "tokyo",
    venue: 0,
    start: "2025-09-06T22:00",
    hours: 7,
    lineup: ["Paper Moons", "Aoi Takenaka", "Haruto Ishida"],
    price: "¥3,000",
    ticketed: true,
    blurb: "A live set from Paper Moons, framed by two long, slow DJ sets.",
  },
  {
    title: "Crossfade London: last night of summer time",
    city: "london",
    venue: 1,
    start: "2025-10-25T22:00",
    hours: 8,
    lineup: ["Kwame Asante-Brown", "Sodium Lights", "Marrow & Salt"],
    price: "£14 adv",
    ticketed: true,
    blurb: "The clocks go back at 2 a.m., so this one runs an hour longer than it looks.",
  },
  {
    title: "Crossfade Amsterdam: Ferro Lux all night long",
    city: "amsterdam",
    venue: 0,
    start: "2025-11-08T23:00",
    hours: 7,
    lineup: ["Ferro Lux"],
    price: "€20",
    ticketed: true,
    blurb: "One DJ, one room, seven hours.",
  },
  {
    title: "Crossfade Lagos: Afro house on the rooftop",
    city: "lagos",
    venue: 1,
    start: "2026-02-14T18:00",
    hours: 8,
    lineup: ["Adaeze Okafor", "Okra Sound System", "Ezinne Nwosu", "Júlia Prado"],
    price: "₦15,000",
    ticketed: true,
    featured: true,
    blurb: "Sunset to midnight above Ikoyi, with Afro house, disco and a live percussion section.",
  },
  {
    title: "Crossfade São Paulo: Galpão Luz",
    city: "sao-paulo",
    venue: 0,
    start: "2026-06-20T23:00",
    hours: 7,
    lineup: ["Tomás Ferreira", "Júlia Prado", "Low Orbit Club"],
    price: "R$60",
    ticketed: true,
    blurb: "Breakbeat, house and disco in a former railway depot.",
  },
  {
    title: "XFD label night: Jürgen Møller & Dusk Protocol",
    city: "berlin",
    venue: 1,
    start: "2026-10-10T23:00",
    hours: 8,
    lineup: ["Jürgen Møller", "Dusk Protocol", "Moritz Kühn"],
    price: "€18",
    ticketed: true,
    blurb: "The Crossfade label's Berlin residents, back to back in the basement.",
  },
  {
    title: "Crossfade Berlin: Winter Session",
    city: "berlin",
    venue: 0,
    start: "2026-12-05T23:00",
    hours: 9,
    lineup: ["Velvet Static", "Jürgen Møller", "Nino Kapanadze", "Sigrún Ósk", "Dusk Protocol"],
    price: "€18",
    ticketed: true,
    featured: true,
    blurb: "Two rooms: techno in the main hall, ambient and dub techno by the canal.",
  },
  {
    title: "Crossfade London: Sodium Lights b2b Kwame Asante-Brown",
    city: "london",
    venue: 0,
    start: "2026-12-12T22:00",
    hours: 6,
    lineup: ["Sodium Lights", "Kwame Asante-Brown"],
    price: "£15 adv",
    ticketed: true,
    blurb: "Garage, breaks and dubstep, back to back from open to close.",
  },
  {
    title: "Crossfade Tokyo New Year's Eve",
    city: "tokyo",
    venue: 1,
    start: "2026-12-31T22:00",
    hours: 10,
    lineup: ["Haruto Ishida", "Aoi Takenaka", "Zoë Lefèvre", "Paper Moons"],
    price: "¥4,500",
    ticketed: true,
    blurb: "See the year out with house, minimal and a sunrise ambient set.",
  },
  {
    title: "Crossfade Detroit: spring forward",
    city: "detroit",
    venue: 1,
    start: "2027-03-13T22:00",
    hours: 8,
    lineup: ["Marlon Reeves", "Concrete Bloom", "Chrome Juno"],
    price: "$20",
    ticketed: true,
    blurb: "The clocks jump at 2 a.m.; the party does not.",
  },
  {
    title: "Crossfade Chicago block party",
    city: "chicago",
    venue: 0,
    start: "2027-05-29T14:00",
    hours: 8,
    lineup: ["Low Orbit Club", "DJ Lumen", "Mirrorball Saints"],
    price: "Free",
    ticketed: false,
    featured: true,
    blurb: "Footwork battles, house records and a free afternoon on the street outside Pilsen Loft.",
  },
  {
    title: "Crossfade Bristol: summer soundsystem",
    city: "bristol",
    venue: 1,
    start: "2027-06-12T21:00",
    hours: 6,
    lineup: ["Tape Hiss Society", "Grey Parish"],
    price: "£10",
    ticketed: true,
    draft: true,
    blurb: "Dubstep and dub techno in the vaults.",
  },
  {
    title: "Crossfade Reykjavík: ambient by the harbour",
    city: "reykjavik",
    venue: 1,
    start: "2027-08-21T20:00",
    hours: 5,
    lineup: ["Björn Åström", "Sigrún Ósk", "Paper Moons"],
    price: "ISK 4.900",
    ticketed: true,
    status: "postponed",
    blurb: "Seated ambient sets in a harbour hall; new date to be announced.",
  },
  {
    title: "Crossfade Montréal: Zoë Lefèvre & Noémie Caron",
    city: "montreal",
    venue: 0,
    start: "2027-10-16T22:00",
    hours: 6,
    lineup: ["Zoë Lefèvre", "Noémie Caron", "Kite Theory"],
    price: "CA$25",
    ticketed: true,
    status: "cancelled",
    blurb: "Disco, deep house and breaks on the banks of the river.",
  },
  {
    title: "Crossfade Amsterdam: clocks forward",
    city: "amsterdam",
    venue: 1,
    start: "2028-03-25T23:00",
    hours: 8,
    lineup: [
      "Delphine Achterberg",
      "Ferro Lux",
      "Ilse van Dijk",
      "Velvet Static",
      "Marlon Reeves",
      "Chrome Juno",
    ],
    price: "€22",
    ticketed: true,
    featured: true,
    blurb: "Electro and techno through the night the clocks go forward.",
  },
  {
    title: "Crossfade London: ten years of Basement 33",
    city: "london",
    venue: 1,
    start: "2028-10-28T22:00",
    hours: 8,
    lineup: ["Marrow & Salt", "Halcyon Drift", "Kwame Asante-Brown", "Sodium Lights"],
    price: "£16 adv",
    ticketed: true,
    blurb: "A decade of the basement, with the residents who made it.",
  },
];

function buildEvents(rng: Rng, locationIds: Map<string, number>): EventRecord[] {
  return EVENTS.map((e, i) => {
    const city = LOCATIONS.find((l) => l.slug === e.city) as LocationDef;
    const venue = (city.venues ?? [])[e.venue] as Venue;
    const zone = city.timezone as string;
    const slug = slugify(`${e.title} ${e.start.slice(0, 4)}`);
    return {
      id: i + 1,
      slug,
      title: e.title,
      starts_at: withOffset(zone, e.start),
      ends_at: withOffset(zone, addLocalHours(e.start, e.hours)),
      timezone: zone,
      venue: venue.name,
      address: venue.address,
      city: city.name,
      location_id: locationIds.get(city.slug) ?? null,
      lineup: e.lineup,
      description: `${e.blurb} Doors at ${e.start.slice(11)}; ${e.price === "Free" ? "free entry, first come, first served" : "limited capacity, so buy early"}.`,
      cover_image: `/media/covers/event-${slug}.svg`,
      ticket_url: e.ticketed ? `https://example-tickets.com/e/${rng.int(100_000, 999_999)}/${slug}` : null,
      price: e.price,
      status: e.status ?? "scheduled",
      is_featured: e.featured === true,
      pub_status: e.draft ? "draft" : "published",
    };
  });
}

// ---------------------------------------------------------------------------------------------

/** The whole demo catalogue; the same objects (deep-equal) on every call. */
export function generateCatalogue(): Catalogue {
  const genres: GenreRecord[] = GENRES.map((g, i) => ({ id: i + 1, slug: g.slug, name: g.name }));
  const locations: LocationRecord[] = LOCATIONS.map((l, i) => ({
    id: i + 1,
    slug: l.slug,
    name: l.name,
    type: l.type,
  }));
  const genreIds = new Map(genres.map((g) => [g.slug, g.id]));
  const locationIds = new Map(locations.map((l) => [l.slug, l.id]));
  const titles = new TitleBank(createRng(CATALOGUE_SEED ^ 0x7177));
  return {
    genres,
    locations,
    posts: buildPosts(createRng(CATALOGUE_SEED), titles, genreIds, locationIds),
    aggregatedPosts: buildAggregated(createRng(CATALOGUE_SEED + 1)),
    mixtapes: buildMixtapes(createRng(CATALOGUE_SEED + 2), titles, genreIds),
    releases: buildReleases(createRng(CATALOGUE_SEED + 3), titles),
    events: buildEvents(createRng(CATALOGUE_SEED + 4), locationIds),
  };
}
