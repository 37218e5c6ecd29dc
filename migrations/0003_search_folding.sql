-- Search: an extra FTS column holding title, artist and place names with letters Unicode does
-- not decompose (ø, æ, ß, ł, ...) spelt in ASCII, so 'moller' finds 'Møller' (docs/decisions).
DROP TABLE IF EXISTS posts_fts;
DROP TABLE IF EXISTS mixtapes_fts;

CREATE VIRTUAL TABLE posts_fts USING fts5(
  title, artist_name, excerpt, body, genres, locations, folded,
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '2 3 4'
);

CREATE VIRTUAL TABLE mixtapes_fts USING fts5(
  title, artist_name, description, tracklist, genres, folded,
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '2 3 4'
);

-- Rebuild from whatever content the database already holds.
DELETE FROM posts_fts;
INSERT INTO posts_fts (rowid, title, artist_name, excerpt, body, genres, locations, folded) SELECT p.id, p.title, COALESCE(p.artist_name, ''), p.excerpt, COALESCE((SELECT group_concat(value, ' ') FROM json_each(CASE WHEN json_valid(p.content) THEN p.content ELSE '[]' END)), ''), COALESCE((SELECT group_concat(g.name, ' ') FROM post_genres pg JOIN genres g ON g.id = pg.genre_id WHERE pg.post_id = p.id), ''), COALESCE((SELECT group_concat(l.name, ' ') FROM post_locations pl JOIN locations l ON l.id = pl.location_id WHERE pl.post_id = p.id), ''), replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(p.title || ' ' || COALESCE(p.artist_name, '') || ' ' || COALESCE((SELECT group_concat(l.name, ' ') FROM post_locations pl JOIN locations l ON l.id = pl.location_id WHERE pl.post_id = p.id), ''), 'ø', 'o'), 'Ø', 'o'), 'æ', 'ae'), 'Æ', 'ae'), 'ß', 'ss'), 'đ', 'd'), 'Đ', 'd'), 'ł', 'l'), 'Ł', 'l'), 'œ', 'oe'), 'Œ', 'oe'), 'þ', 'th'), 'Þ', 'th'), 'ð', 'd'), 'Ð', 'd') FROM posts p WHERE p.pub_status = 'published';
DELETE FROM mixtapes_fts;
INSERT INTO mixtapes_fts (rowid, title, artist_name, description, tracklist, genres, folded) SELECT m.id, m.title, COALESCE(m.artist_name, ''), m.description, COALESCE((SELECT group_concat(COALESCE(json_extract(value, '$.artist'), '') || ' ' || COALESCE(json_extract(value, '$.title'), ''), ' ') FROM json_each(CASE WHEN json_valid(m.tracklist) THEN m.tracklist ELSE '[]' END)), ''), COALESCE((SELECT group_concat(g.name, ' ') FROM mixtape_genres mg JOIN genres g ON g.id = mg.genre_id WHERE mg.mixtape_id = m.id), ''), replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(m.title || ' ' || COALESCE(m.artist_name, '') || ' ' || COALESCE((SELECT group_concat(COALESCE(json_extract(value, '$.artist'), '') || ' ' || COALESCE(json_extract(value, '$.title'), ''), ' ') FROM json_each(CASE WHEN json_valid(m.tracklist) THEN m.tracklist ELSE '[]' END)), ''), 'ø', 'o'), 'Ø', 'o'), 'æ', 'ae'), 'Æ', 'ae'), 'ß', 'ss'), 'đ', 'd'), 'Đ', 'd'), 'ł', 'l'), 'Ł', 'l'), 'œ', 'oe'), 'Œ', 'oe'), 'þ', 'th'), 'Þ', 'th'), 'ð', 'd'), 'Ð', 'd') FROM mixtapes m WHERE m.pub_status = 'published';
