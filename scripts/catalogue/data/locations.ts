// The locations: cities with their time zones and invented venues, and the countries.

export interface Venue {
  name: string;
  address: string;
}

export interface LocationDef {
  slug: string;
  name: string;
  type: "city" | "country";
  timezone?: string;
  venues?: Venue[];
  /** The country location a city may also be tagged with. */
  country?: string;
}

export const LOCATIONS: LocationDef[] = [
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
