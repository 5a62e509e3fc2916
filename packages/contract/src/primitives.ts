import { z } from 'zod';

/** Ids are PostgreSQL `integer` identity columns: 1 up to 2^31 - 1. */
export const ID_MAX = 2_147_483_647;
export const IdSchema = z.number().int().positive().max(ID_MAX);
export type Id = z.infer<typeof IdSchema>;

/**
 * A whole number as a path or query parameter carries it: plain decimal digits without sign, spaces or leading zeros
 * (one spelling per number), from `min` to `max`; parsed to a number. `0x10`, `1e3`, `2.7e1`, ` 1`, `+1` and `01`
 * are refused, which `z.coerce.number()` would all read as numbers.
 */
/*#__NO_SIDE_EFFECTS__*/
export function wholeNumberParam(min: number, max: number) {
  const message = `Must be a whole number from ${min} to ${max}, in plain digits`;
  const digits = `[1-9][0-9]{0,${String(max).length - 1}}`;
  return z
    .string()
    .regex(new RegExp(min > 0 ? `^${digits}$` : `^(?:0|${digits})$`), message)
    .transform(Number)
    .pipe(z.number().min(min, message).max(max, message));
}

/** An id as a path or query parameter carries it: {@link wholeNumberParam} from 1 to ID_MAX. */
export const IdParamSchema = wholeNumberParam(1, ID_MAX);

export const CountSchema = z.number().int().nonnegative();

/** Money in pounds sterling, to the penny. Negative amounts are allowed because credit notes exist. */
export const MoneySchema = z.number().finite().multipleOf(0.01);
export type Money = z.infer<typeof MoneySchema>;

/**
 * The calendar dates the API accepts: the years of API_DATE_TIME_RANGE (docs/decisions/0121). The format has four
 * digits of year, so 9999 is the end already; a year before 1000 is surely mistyped, and PostgreSQL's `date` cannot
 * hold year 0 at all (it has no such year).
 */
export const API_DATE_RANGE = { min: '1000-01-01', max: '9999-12-31' } as const;

/** A calendar date, `yyyy-MM-dd`, within API_DATE_RANGE. */
export const IsoDateSchema = z.iso.date().check((payload) => {
  // Not a date at all: the format's own issue says so. Dates in this format compare as their text does.
  if (payload.issues.length > 0 || payload.value >= API_DATE_RANGE.min) return;
  payload.issues.push({
    code: 'too_small',
    origin: 'date',
    minimum: Date.parse(API_DATE_RANGE.min),
    inclusive: true,
    input: payload.value,
    message: `Must be on or after ${API_DATE_RANGE.min}`,
  });
});
export type IsoDate = z.infer<typeof IsoDateSchema>;

/** A point in time; carriers send offsets as well as `Z`, so both are accepted. */
export const IsoDateTimeSchema = z.iso.datetime({ offset: true });
export type IsoDateTime = z.infer<typeof IsoDateTimeSchema>;

/**
 * The instants the API accepts: what it stores it reads back exactly, as `yyyy-MM-ddTHH:mm:ss.SSSZ`
 * (docs/decisions/0046-api-date-time-range.md). PostgreSQL holds a far wider range, but a year past 9999 has no
 * four-digit ISO form; years before 1000 are refused as surely mistyped.
 */
export const API_DATE_TIME_RANGE = { min: '1000-01-01T00:00:00.000Z', max: '9999-12-31T23:59:59.999Z' } as const;
const API_EPOCH_MS = { min: Date.parse(API_DATE_TIME_RANGE.min), max: Date.parse(API_DATE_TIME_RANGE.max) };
/** Real time zones lie within -12:00 and +14:00; PostgreSQL refuses offsets of 16 hours or more. */
const MAX_OFFSET_MINUTES = 14 * 60;

export type ApiDateTimeProblem = { rule: 'too_small' | 'too_big' | 'invalid_format'; message: string };

/** Whether an instant (milliseconds since the epoch) lies in API_DATE_TIME_RANGE; the reason if not. */
export function apiInstantProblem(epochMs: number): ApiDateTimeProblem | undefined {
  if (epochMs < API_EPOCH_MS.min) {
    return { rule: 'too_small', message: `Must be on or after ${API_DATE_TIME_RANGE.min} (in UTC)` };
  }
  if (epochMs > API_EPOCH_MS.max) {
    return { rule: 'too_big', message: `Must be on or before ${API_DATE_TIME_RANGE.max} (in UTC)` };
  }
  return undefined;
}

/** Why an ISO 8601 date-time with an offset is not one the API accepts, or undefined when it is. */
export function apiDateTimeProblem(text: string): ApiDateTimeProblem | undefined {
  const parts = /(?:\.([0-9]+))?(Z|([+-])([0-9]{2}):?([0-9]{2}))$/i.exec(text);
  if ((parts?.[1]?.length ?? 0) > 3) {
    return { rule: 'invalid_format', message: 'Must give seconds to at most 3 decimal places (milliseconds)' };
  }
  if (parts?.[4] !== undefined && Number(parts[4]) * 60 + Number(parts[5]) > MAX_OFFSET_MINUTES) {
    return { rule: 'invalid_format', message: 'Must have a UTC offset between -14:00 and +14:00' };
  }
  const epochMs = Date.parse(text);
  return Number.isNaN(epochMs) ? undefined : apiInstantProblem(epochMs);
}

/** A date-time a request may carry: ISO 8601 with `Z` or an offset, within API_DATE_TIME_RANGE, to the millisecond. */
export const ApiDateTimeSchema = IsoDateTimeSchema.check((payload) => {
  // Not an ISO date-time at all: the format's own issue says so.
  if (payload.issues.length > 0) return;
  const problem = apiDateTimeProblem(payload.value);
  if (!problem) return;
  const common = { input: payload.value, message: problem.message };
  if (problem.rule === 'invalid_format') {
    payload.issues.push({ ...common, code: 'invalid_format', format: 'datetime' });
  } else if (problem.rule === 'too_small') {
    payload.issues.push({ ...common, code: 'too_small', origin: 'date', minimum: API_EPOCH_MS.min, inclusive: true });
  } else {
    payload.issues.push({ ...common, code: 'too_big', origin: 'date', maximum: API_EPOCH_MS.max, inclusive: true });
  }
});

export const IpAddressSchema = z.union([z.ipv4(), z.ipv6()]);

export const NonEmptyStringSchema = z.string().min(1);

/** A reference to another record by id and display name, as used by selection tables and chips. */
export const NamedRefSchema = z.object({
  id: IdSchema,
  name: NonEmptyStringSchema,
});
export type NamedRef = z.infer<typeof NamedRefSchema>;
