import type { RateLimitStore } from "../store";

/** The forms' fixed windows in D1's `rate_limits` (migrations/0002_forms.sql), one row per key. */
export function d1RateLimits(db: D1Database): RateLimitStore {
  return {
    async hit(key, windowStart, now) {
      // In an UPDATE every right-hand side sees the old row, so count is compared with the old window.
      const row = await db
        .prepare(
          `INSERT INTO rate_limits (key, window_start, count) VALUES (?1, ?2, 1)
           ON CONFLICT (key) DO UPDATE SET
             count = CASE WHEN window_start = excluded.window_start THEN count + 1 ELSE 1 END,
             window_start = excluded.window_start
           RETURNING count`,
        )
        .bind(key, windowStart)
        .first<{ count: number }>();
      if (Math.random() < 0.02) {
        await db
          .prepare("DELETE FROM rate_limits WHERE window_start < ?1")
          .bind(now - 24 * 3600 * 1000)
          .run();
      }
      return row?.count ?? 1;
    },
    async refund(key, windowStart) {
      await db
        .prepare(
          "UPDATE rate_limits SET count = count - 1 WHERE key = ?1 AND window_start = ?2 AND count > 0",
        )
        .bind(key, windowStart)
        .run();
    },
  };
}
