// What a program writes, as a walk by effects compares it: with the run's own folders as placeholders
// (values/paths.ts), as its values are, and with the times a test runner reports of itself written
// `<time>` (`Ran 1 test in 0.010s`, `duration_ms: 1.12`, `--- PASS: TestA (0.00s)`): each run measures
// its own, and two identical runs of a test suite differ there and nowhere else. Which texts are such
// times is the adapter definition's (locate.output_times: data for its languages' runners).
// A run's clock readings (a log line's time stamp, near the run's own time) and its own process id
// after `#` or `pid` are written `<clock>` and `<pid>`. --raw-values compares the output as written.
// The text shown as what a run wrote is never changed.
import { pathsInText, type runPaths } from './paths.js';
import { pidsIn } from './run-pids.js';

export const TIME_TOKEN = '<time>';

/** The times a runner reports, written TIME_TOKEN: each pattern's every match (multi-line: `^` and `$` are a line's). */
export function timesInText(patterns: readonly string[]): (text: string) => string {
  const rules = patterns.map((pattern) => new RegExp(pattern, 'gm'));
  return (text) => rules.reduce((next, rule) => next.replace(rule, TIME_TOKEN), text);
}

/** A clock reading a run wrote (a log line's time stamp), written so: each run reads its own clock. */
export const CLOCK_TOKEN = '<clock>';

/** How far from the run's own time a time it wrote may lie and still be taken for a reading of the clock. */
const CLOCK_SLACK_MS = 60_000;

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** Dates with times (ISO 8601, a logger's `2026-11-30 19:25:00,513`, Go's `2026/11/30 19:25:00`), with an optional zone. */
const DATE_TIME =
  /(?<!\d)(\d{4})([-/])(\d{2})\2(\d{2})[T ](\d{2}):(\d{2}):(\d{2})(?:[.,](\d{1,9}))?(Z|[+-]\d{2}:?\d{2})?(?!\d)/g;
/** java.util.logging's `Nov 30, 2026 7:25:00 PM`. */
const MONTH_DATE_TIME =
  /\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]* (\d{1,2}), (\d{4}),? (\d{1,2}):(\d{2}):(\d{2})(?: ([AP]M))?/gi;
/** A time of day alone (`19:25:00.513`), not a date's (one the dates' pass left as written). */
const TIME_OF_DAY = /(?<![\d:.]|\d[T ])(\d{2}):(\d{2}):(\d{2})(?:[.,](\d{1,9}))?(?![\d:])/g;
/** Seconds or milliseconds since the epoch (`1796065772`, `1796065772345`, `1796065772.345`). */
const EPOCH = /(?<![\d.])(1\d{9})(\d{3})?(?:\.(\d{1,9}))?(?![\d.])/g;

/**
 * The times of day and dates a run writes that lie within a minute of its own time, from `since` (its
 * start) to now, as local time or UTC where no zone is written: readings of the clock, which any two
 * runs read differently (`2026-11-30T19:25:00.513Z added 1`). A date the program computes, away from
 * the run's own time, stays as written.
 */
export function clockReadingsInText(since: number, now: () => number = Date.now): (text: string) => string {
  return (text) => {
    if (!/\d/.test(text)) return text;
    const end = now() + CLOCK_SLACK_MS;
    const start = since - CLOCK_SLACK_MS;
    const near = (ms: number): boolean => ms >= start && ms <= end;
    const fraction = (digits: string | undefined): number => (digits ? Number(`0.${digits}`) * 1000 : 0);
    let out = text.replace(DATE_TIME, (whole, y, _sep, mo, d, h, mi, sec, frac, zone) => {
      const parts = [Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(sec)] as const;
      const utc = Date.UTC(...parts) + fraction(frac);
      const readings =
        zone === undefined
          ? [utc, new Date(...parts).getTime() + fraction(frac)]
          : [zone === 'Z' ? utc : utc - zoneOffsetMs(zone)];
      return readings.some(near) ? CLOCK_TOKEN : whole;
    });
    out = out.replace(MONTH_DATE_TIME, (whole, month, d, y, h, mi, sec, half) => {
      const hour = half === undefined ? Number(h) : (Number(h) % 12) + (half.toUpperCase() === 'PM' ? 12 : 0);
      const parts = [
        Number(y),
        MONTHS.indexOf(month.slice(0, 3).toLowerCase()),
        Number(d),
        hour,
        Number(mi),
        Number(sec),
      ] as const;
      return [Date.UTC(...parts), new Date(...parts).getTime()].some(near) ? CLOCK_TOKEN : whole;
    });
    out = out.replace(TIME_OF_DAY, (whole, h, mi, sec, frac) => {
      const ofDay = ((Number(h) * 60 + Number(mi)) * 60 + Number(sec)) * 1000 + fraction(frac);
      return timesOfDay(start, end).some(([from, to]) => ofDay >= from && ofDay <= to) ? CLOCK_TOKEN : whole;
    });
    return out.replace(EPOCH, (whole, seconds, millis, frac) =>
      near(Number(seconds) * 1000 + (millis === undefined ? fraction(frac) : Number(millis))) ? CLOCK_TOKEN : whole,
    );
  };
}

/** `+01:00`, `-0530` as milliseconds east of UTC. */
function zoneOffsetMs(zone: string): number {
  const sign = zone.startsWith('-') ? -1 : 1;
  const digits = zone.slice(1).replace(':', '');
  return sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4))) * 60_000;
}

/** The times of day (ms since midnight, local and UTC) from `start` to `end`, in ranges that do not cross midnight. */
function timesOfDay(start: number, end: number): Array<[number, number]> {
  const DAY = 86_400_000;
  if (end - start >= DAY) return [[0, DAY]];
  const ranges: Array<[number, number]> = [];
  for (const offset of [0, new Date(start).getTimezoneOffset() * -60_000]) {
    const from = (((start + offset) % DAY) + DAY) % DAY;
    const to = from + (end - start);
    if (to < DAY) ranges.push([from, to]);
    else ranges.push([from, DAY], [0, to - DAY]);
  }
  return ranges;
}

/** The run's own process ids where `#` or `pid` introduces them (`#4242`, `pid=4242`), written PID_TOKEN (run-pids.ts). */
export function pidsInText(pids: () => Iterable<number>): (text: string) => string {
  // Made again only when the run's processes change (a process event), not for every line written.
  let key = '';
  let replace: ((text: string) => string) | null = null;
  return (text) => {
    const now = [...pids()];
    const nowKey = now.join(',');
    if (nowKey !== key) [key, replace] = [nowKey, pidsIn(now)];
    return replace === null ? text : replace(text);
  };
}

/**
 * How a walk sees what a run writes: its folders as placeholders, a runner's times as TIME_TOKEN, and,
 * where the run says when it started and what its processes are, its clock readings and process ids.
 */
export function outputAsCompared(
  paths: ReturnType<typeof runPaths>,
  timePatterns: readonly string[],
  run: { since: number; pids: () => Iterable<number> } | null = null,
): (text: string) => string {
  const folders = pathsInText(paths);
  const times = timesInText(timePatterns);
  if (run === null) return (text) => times(folders(text));
  const clock = clockReadingsInText(run.since);
  const pids = pidsInText(run.pids);
  return (text) => pids(clock(times(folders(text))));
}
