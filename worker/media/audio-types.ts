/** Content types of the audio files the site serves or links, by file extension. */
export const AUDIO_TYPES: Readonly<Record<string, string>> = {
  mp3: "audio/mpeg",
  m4a: "audio/mp4",
  aac: "audio/aac",
  ogg: "audio/ogg",
  opus: "audio/ogg",
  wav: "audio/wav",
  flac: "audio/flac",
};

/** The audio content type of a path or key by its extension; undefined when it is no audio file. */
export function audioTypeOf(path: string): string | undefined {
  return AUDIO_TYPES[path.split(".").pop()?.toLowerCase() ?? ""];
}
