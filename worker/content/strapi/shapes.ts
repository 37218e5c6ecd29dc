/** Strapi 5 REST shapes (flat, with documentId) as far as the adapter reads them. */
import type { AudioPlatform, EventStatus, PostCategory, SubmissionStatus } from "@core/content/types";

export interface StrapiMedia {
  id?: number;
  url: string;
  name?: string;
  mime?: string;
  size?: number;
}

export interface StrapiTaxon {
  id: number;
  documentId: string;
  name: string;
  slug: string;
  type?: string;
}

/** A rich-text (blocks) node: paragraphs hold text and inline children. */
export interface StrapiBlock {
  type: string;
  text?: string;
  children?: StrapiBlock[];
}

export interface StrapiPost {
  id: number;
  documentId: string;
  title: string;
  slug: string;
  artist_name?: string | null;
  excerpt?: string | null;
  content?: StrapiBlock[] | string | null;
  postDate?: string | null;
  publishedAt?: string | null;
  category?: PostCategory | null;
  tags?: Array<{ name: string }> | null;
  genres?: StrapiTaxon[] | null;
  locations?: StrapiTaxon[] | null;
  coverImage?: StrapiMedia | null;
  is_featured?: boolean | null;
  audio_platform?: AudioPlatform | null;
  primary_audio_url?: string | null;
  audio_file?: StrapiMedia | null;
  track_title?: string | null;
}

export interface StrapiAggregatedPost {
  id: number;
  documentId: string;
  original_url: string;
  title: string;
  artist_name?: string | null;
  excerpt?: string | null;
  published_date?: string | null;
  postDate?: string | null;
  publishedAt?: string | null;
  featured_image?: StrapiMedia | null;
  genres?: StrapiTaxon[] | null;
  locations?: StrapiTaxon[] | null;
  audio?: string | null;
  audio_file?: StrapiMedia | null;
}

export interface StrapiMixtape {
  id: number;
  documentId: string;
  slug: string;
  title: string;
  artist_name?: string | null;
  release_date?: string | null;
  coverImage?: StrapiMedia | null;
  description?: string | null;
  tracklist?: unknown;
  duration?: string | null;
  track_count?: number | null;
  download_url?: string | null;
  external_audio_url?: string | null;
  audio_file?: StrapiMedia | null;
  audio_platform?: AudioPlatform | null;
  genres?: StrapiTaxon[] | null;
  is_featured?: boolean | null;
}

export interface StrapiReleaseTrack {
  track_number: number;
  title: string;
  artist_name?: string | null;
  duration?: string | null;
  audio_url?: string | null;
  audio_platform?: AudioPlatform | null;
  is_primary_track?: boolean | null;
  is_featured?: boolean | null;
}

export interface StrapiRelease {
  id: number;
  documentId: string;
  slug: string;
  title: string;
  artist_name: string;
  release_date?: string | null;
  artwork?: StrapiMedia | null;
  release_type?: string | null;
  total_duration?: string | null;
  description?: string | null;
  credits?: string | null;
  catalog_number?: string | null;
  is_featured?: boolean | null;
  tracks?: StrapiReleaseTrack[] | null;
  purchase_links?: Array<{ platform: string; custom_platform_name?: string | null; url: string }> | null;
}

export interface StrapiEvent {
  id: number;
  documentId: string;
  slug: string;
  title: string;
  starts_at: string;
  ends_at?: string | null;
  timezone?: string | null;
  venue?: string | null;
  address?: string | null;
  city?: string | null;
  location?: StrapiTaxon | null;
  lineup?: unknown;
  description?: string | null;
  coverImage?: StrapiMedia | null;
  ticket_url?: string | null;
  price?: string | null;
  event_status?: EventStatus | null;
  is_featured?: boolean | null;
}

export interface StrapiSubmission {
  id: number;
  documentId: string;
  reference?: string | null;
  artist_name: string;
  email: string;
  track_title: string;
  genre?: string | null;
  city?: string | null;
  links?: string | null;
  message?: string | null;
  consent?: boolean | null;
  status: SubmissionStatus;
  adminNotes?: string | null;
  submissionDate?: string | null;
  createdAt?: string | null;
  audioFile?: StrapiMedia | null;
  artworkFile?: StrapiMedia | null;
}
