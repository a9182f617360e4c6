// zod/mini: the console's screens load the contracts built on these (teams, territories, lookups), and
// every page downloads the zod code that any page uses, so the full zod would push the sign-in page past
// its budget (DESIGN §3, ADR 009).
import { z } from 'zod/mini';
import { z as fullZod } from 'zod';
import type { $ZodType } from 'zod/v4/core';
import { schema } from './build-schema';

export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 100;

const PAGE_MESSAGE = 'Page must be a whole number from 1.';
const PAGE_SIZE_MESSAGE = `Page size must be from 1 to ${MAX_PAGE_SIZE}.`;

/**
 * Every console list is paged on the server, with an optional search (`?page=&pageSize=&search=`). A
 * list's query is these fields with its own filters beside them: `z.object({ ...pageQueryFields, … })`.
 */
export const pageQueryFields = schema(() => ({
  page: z._default(
    z.coerce
      .number({ error: PAGE_MESSAGE })
      .check(
        z.int({ error: PAGE_MESSAGE }),
        z.minimum(1, { error: PAGE_MESSAGE }),
        z.maximum(100_000, { error: PAGE_MESSAGE }),
      ),
    1,
  ),
  pageSize: z._default(
    z.coerce
      .number({ error: PAGE_SIZE_MESSAGE })
      .check(
        z.int({ error: PAGE_SIZE_MESSAGE }),
        z.minimum(1, { error: PAGE_SIZE_MESSAGE }),
        z.maximum(MAX_PAGE_SIZE, { error: PAGE_SIZE_MESSAGE }),
      ),
    DEFAULT_PAGE_SIZE,
  ),
  search: z.optional(z.string().check(z.maxLength(200, { error: 'Search must be at most 200 characters.' }))),
}));

/**
 * The paging query on its own. A full-zod object of the same fields, because the staff list's route
 * extends it with the full zod's `.extend`; the web app never loads it.
 */
export const pageQuerySchema = schema(() => fullZod.object(pageQueryFields));
export type PageQuery = z.infer<typeof pageQuerySchema>;

/** A page of a list: its items, how many there are in all, and which page of what size this is. */
/* @__NO_SIDE_EFFECTS__ */
export function pagedResponseSchema<Item extends $ZodType>(item: Item) {
  return z.object({
    items: z.array(item),
    total: z.number().check(z.int()),
    page: z.number().check(z.int()),
    pageSize: z.number().check(z.int()),
  });
}
export type Paged<Item> = { items: Item[]; total: number; page: number; pageSize: number };

/**
 * A path's `{id}`. Any string passes: an id that is not a UUID names no record, so the route answers 404
 * exactly as for a record that does not exist or is out of the caller's scope.
 */
export const idParamsSchema = schema(() => z.object({ id: z.string().check(z.maxLength(100)) }));

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string): boolean => UUID.test(value);
