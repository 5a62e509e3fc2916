import type { Message, OdataList } from '@portal/contract';

/**
 * The contract's `odataList(MessageSchema)`, written out as a check: the sign-in page shows the current messages
 * above its card, and parsing them with the schema would put zod on that page (docs/decisions/0184).
 * message-list-reply.test.ts holds it to the schema: the same verdict and the same value for any body.
 */
export function parseMessageList(body: unknown): OdataList<Message> {
  const list = record(body);
  if (!Array.isArray(list.value)) refuse('value');
  const parsed: OdataList<Message> = { value: list.value.map(message) };
  if (COUNT_KEY in list) {
    const count = list[COUNT_KEY];
    if (count !== undefined && !(Number.isSafeInteger(count) && (count as number) >= 0)) refuse(COUNT_KEY);
    parsed[COUNT_KEY] = count as number | undefined;
  }
  return parsed;
}

const COUNT_KEY = '@odata.count';
/** The contract's IdSchema bounds: a positive whole number that fits PostgreSQL's integer. */
const ID_MAX = 2_147_483_647;
/**
 * The pattern of the contract's IsoDateTimeSchema (`z.iso.datetime({ offset: true })`), copied from zod: importing
 * it would bring zod's core to the sign-in page (decision 0222). message-list-reply.test.ts holds it equal to zod's.
 */
export const ISO_DATE_TIME =
  /^(?:(?:\d\d[2468][048]|\d\d[13579][26]|\d\d0[48]|[02468][048]00|[13579][26]00)-02-29|\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\d|30)|(?:02)-(?:0[1-9]|1\d|2[0-8])))T(?:(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d(?:\.\d+)?(?:Z|([+-](?:[01]\d|2[0-3]):[0-5]\d)))$/;

function refuse(field: string): never {
  throw new TypeError(`The messages' ${field} does not match the contract`);
}

function record(value: unknown): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) refuse('body');
  return value as Record<string, unknown>;
}

function message(value: unknown): Message {
  const { id, text, startDate, endDate } = record(value);
  if (!(Number.isSafeInteger(id) && (id as number) > 0 && (id as number) <= ID_MAX)) refuse('id');
  if (typeof text !== 'string' || text.length === 0) refuse('text');
  const item = value as Record<string, unknown>;
  const parsed: Message = { id: id as number, text };
  for (const [field, date] of [
    ['startDate', startDate],
    ['endDate', endDate],
  ] as const) {
    if (!(field in item)) continue;
    if (date !== undefined && (typeof date !== 'string' || !ISO_DATE_TIME.test(date))) refuse(field);
    parsed[field] = date as string | undefined;
  }
  return parsed;
}
