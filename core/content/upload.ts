/** A file the visitor uploaded, already checked by size and by its bytes. */
export interface UploadedFile {
  name: string;
  /** The MIME type detected from the file's bytes, not the one the browser claimed. */
  type: string;
  size: number;
  bytes: ArrayBuffer;
}

/** Where an accepted upload lives: an R2 key (embedded mode) or the CMS's media URL. */
export interface StoredFile {
  name: string;
  type: string;
  size: number;
  /** R2 object key or absolute CMS media URL. */
  location: string;
}
