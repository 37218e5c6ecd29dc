-- docs/decisions/007: what the submissions list shows about each stored file, and the per-client rate
-- limits of the newsletter and submission forms (docs/decisions/007-forms.md).
ALTER TABLE submissions ADD COLUMN audio_file_name TEXT;
ALTER TABLE submissions ADD COLUMN audio_file_type TEXT;
ALTER TABLE submissions ADD COLUMN audio_file_size INTEGER;
ALTER TABLE submissions ADD COLUMN artwork_file_name TEXT;
ALTER TABLE submissions ADD COLUMN artwork_file_type TEXT;
ALTER TABLE submissions ADD COLUMN artwork_file_size INTEGER;
CREATE INDEX submissions_status_date ON submissions (status, submission_date DESC);

-- One row per (form, hashed client address): a fixed window and how many requests it has seen.
CREATE TABLE rate_limits (
  key TEXT PRIMARY KEY,
  window_start INTEGER NOT NULL,
  count INTEGER NOT NULL
);
CREATE INDEX rate_limits_window ON rate_limits (window_start);
