// Time zones: the DST rules of the venues' zones, so events carry the offset of their date.
import { pad } from "../content/format";

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
export function withOffset(zone: string, local: string): string {
  const offset = zoneOffsetMinutes(zone, local);
  const sign = offset < 0 ? "-" : "+";
  const abs = Math.abs(offset);
  return `${local}:00${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** Adds hours to a local wall time (the result is wall time too). */
export function addLocalHours(local: string, hours: number): string {
  const [y, mo, d, h, mi] = local.split(/[-T:]/).map(Number) as [number, number, number, number, number];
  return new Date(Date.UTC(y, mo - 1, d, h + hours, mi)).toISOString().slice(0, 16);
}
