/**
 * RFC 3339 timestamps (section 5.6, `date-time`): `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)`.
 * RFC 3339 allows a lowercase `t` and `z`; a VERS spells them uppercase. Versions compare as the
 * instants they name, so `2024-01-01T00:00:00Z` equals `2023-12-31T19:00:00-05:00` and
 * `…00.000Z`; fractions of any length compare digit by digit.
 */
import { BadVersion } from '../vers-error.js';
import { compareText, isDigit, trimTrailingZeros } from './numbers.js';
import { scheme } from './scheme.js';

export interface DatetimeKey {
  /** Seconds since 1970-01-01T00:00:00Z. */
  readonly seconds: number;
  /** The fraction's digits without trailing zeros. */
  readonly fraction: string;
}

/** Days from 1970-01-01 to a proleptic Gregorian date (H. Hinnant's days_from_civil). */
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** The positions of the fixed characters of `YYYY-MM-DDTHH:MM:SS`. */
const LAYOUT = 'dddd-dd-ddTdd:dd:dd';

export function parseDatetime(text: string): DatetimeKey {
  for (let i = 0; i < LAYOUT.length; i++) {
    const want = LAYOUT[i]!;
    const c = text[i];
    if (want === 'd' ? !isDigit(text.charCodeAt(i)) : c !== want && !(want === 'T' && c === 't')) {
      throw new BadVersion(`not an RFC 3339 timestamp (YYYY-MM-DDTHH:MM:SSZ): expected ${want === 'd' ? 'a digit' : `'${want}'`}`, i);
    }
  }
  const num = (from: number, to: number) => Number(text.slice(from, to));
  const [year, month, day, hour, minute, second] = [num(0, 4), num(5, 7), num(8, 10), num(11, 13), num(14, 16), num(17, 19)];
  if (month < 1 || month > 12) throw new BadVersion('month out of range', 5);
  if (day < 1 || day > daysInMonth(year, month)) throw new BadVersion('day out of range', 8);
  if (hour > 23) throw new BadVersion('hour out of range', 11);
  if (minute > 59) throw new BadVersion('minute out of range', 14);
  // 60 is a leap second (RFC 3339 5.7); it counts as the first second of the next minute.
  if (second > 60) throw new BadVersion('second out of range', 17);
  let i = LAYOUT.length;
  let fraction = '';
  if (text[i] === '.') {
    let end = i + 1;
    while (isDigit(text.charCodeAt(end))) end++;
    if (end === i + 1) throw new BadVersion('a fraction of a second needs digits', end);
    fraction = text.slice(i + 1, end);
    i = end;
  }
  let offset = 0;
  const zone = text[i];
  if (zone === 'Z' || zone === 'z') {
    i++;
  } else if (zone === undefined) {
    throw new BadVersion("the time zone is missing: 'Z' or ±HH:MM", i);
  } else if ((zone === '+' || zone === '-') && /^\d\d:\d\d$/.test(text.slice(i + 1, i + 6))) {
    const hours = Number(text.slice(i + 1, i + 3));
    const minutes = Number(text.slice(i + 4, i + 6));
    if (hours > 23 || minutes > 59) throw new BadVersion('time zone offset out of range', i);
    offset = (zone === '+' ? 1 : -1) * (hours * 3600 + minutes * 60);
    i += 6;
  } else {
    throw new BadVersion("expected the time zone: 'Z' or ±HH:MM", i);
  }
  if (i !== text.length) throw new BadVersion(`unexpected '${text[i]}' after the timestamp`, i);
  const seconds = daysFromCivil(year, month, day) * 86400 + hour * 3600 + minute * 60 + second - offset;
  return { seconds, fraction: trimTrailingZeros(fraction) };
}

export function compareDatetime(a: DatetimeKey, b: DatetimeKey): number {
  return a.seconds - b.seconds || compareText(a.fraction, b.fraction);
}

/** In a VERS the `T` and `Z` are uppercase. */
function canonicalDatetime(text: string): BadVersion | undefined {
  const lower = text[LAYOUT.indexOf('T')] === 't' ? LAYOUT.indexOf('T') : text.endsWith('z') ? text.length - 1 : -1;
  return lower === -1 ? undefined : new BadVersion('datetime must use uppercase T and Z', lower);
}

export const DATETIME = scheme('an RFC 3339 timestamp', parseDatetime, compareDatetime, canonicalDatetime);
