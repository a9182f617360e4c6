import { z } from 'zod';

export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 100;

/** Every console list is paged on the server, with an optional search (`?page=&pageSize=&search=`). */
export const pageQuerySchema = z.object({
  page: z.coerce
    .number({ error: 'Page must be a whole number from 1.' })
    .int('Page must be a whole number from 1.')
    .min(1, 'Page must be a whole number from 1.')
    .max(100_000, 'Page must be a whole number from 1.')
    .default(1),
  pageSize: z.coerce
    .number({ error: `Page size must be from 1 to ${MAX_PAGE_SIZE}.` })
    .int(`Page size must be from 1 to ${MAX_PAGE_SIZE}.`)
    .min(1, `Page size must be from 1 to ${MAX_PAGE_SIZE}.`)
    .max(MAX_PAGE_SIZE, `Page size must be from 1 to ${MAX_PAGE_SIZE}.`)
    .default(DEFAULT_PAGE_SIZE),
  search: z.string().max(200, 'Search must be at most 200 characters.').optional(),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

export function pagedResponseSchema<Item extends z.ZodType>(item: Item) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
}
export type Paged<Item> = { items: Item[]; total: number; page: number; pageSize: number };

/**
 * A path's `{id}`. Any string passes: an id that is not a UUID names no record, so the route answers 404
 * exactly as for a record that does not exist or is out of the caller's scope.
 */
export const idParamsSchema = z.object({ id: z.string().max(100) });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string): boolean => UUID.test(value);
