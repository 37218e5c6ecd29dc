export { serveWithRanges } from "./assets";
export { MEDIA_CACHE_CONTROL, serveFromBucket } from "./bucket";
export { audioKey, serveAudio } from "./route";
