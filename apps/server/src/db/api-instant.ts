import { API_DATE_TIME_RANGE } from '@portal/contract';
import { type AliasedRawBuilder, sql } from 'kysely';

/**
 * A timestamptz column read as an instant the API can answer: a value outside API_DATE_TIME_RANGE (stored before
 * the API refused such dates, or written to the database directly, 'infinity' too) reads as the nearest edge of the
 * range, so one odd row cannot make a whole list fail. NULL stays NULL (GREATEST and LEAST alone would skip it).
 */
export function apiInstant<Column extends string>(column: Column): AliasedRawBuilder<Date | null, Column> {
  const ref = sql.ref(column);
  const min = sql.lit(API_DATE_TIME_RANGE.min);
  const max = sql.lit(API_DATE_TIME_RANGE.max);
  return sql<Date | null>`CASE WHEN ${ref} IS NULL THEN NULL
    ELSE least(greatest(${ref}, ${min}::timestamptz), ${max}::timestamptz) END`.as(column);
}
