/**
 * The wire shapes of spec §3: the envelope every API answer has, list payloads with their
 * pagination and field metadata, and the list query. The server declares its routes with these
 * schemas (and so documents them in OpenAPI); the web app reads answers as their types.
 */
import { z } from 'zod';

export const statusSchema = z.object({
  /** 0 = ok, 1 = error. */
  error: z.union([z.literal(0), z.literal(1)]),
  message: z.string(),
  /** 411 = session missing, expired or revoked. */
  errorCode: z.number().optional(),
});
export type Status = z.infer<typeof statusSchema>;

export interface Envelope<T> {
  status: Status;
  data: T;
}

/** The envelope around a data schema. */
export const envelopeSchema = <T extends z.ZodType>(data: T) =>
  z.object({ status: statusSchema, data });

export const paginationSchema = z.object({
  totalData: z.number(),
  totalPage: z.number(),
  page: z.number(),
  itemPerPage: z.number(),
  /**
   * true: more rows match than totalData, where counting stopped (a transaction list counted
   * from its rows, beyond the server's EXACT_COUNT_LIMIT); the pages reach that far. Absent: exact.
   */
  totalCapped: z.literal(true).optional(),
});
export type Pagination = z.infer<typeof paginationSchema>;

/** `data.fields`: one entry per field of the resource (spec §3). */
export const fieldMetaSchema = z.object({
  Field: z.string(),
  Label: z.string(),
  Type: z.string(),
  Key: z.enum(['PRI', '']),
  input: z.string(),
  options_api_path: z.string().nullable(),
});
export type FieldMeta = z.infer<typeof fieldMetaSchema>;

/** A list answer's `data`: the page of rows, its pagination and the field metadata. */
export const listPayloadSchema = <Row extends z.ZodType>(row: Row) =>
  z.object({ data: z.array(row), pagination: paginationSchema, fields: z.array(fieldMetaSchema) });

export interface ListPayload<Row> {
  data: Row[];
  pagination: Pagination;
  fields: FieldMeta[];
}

/** Validation failures carry field -> message in `data.errors`. */
export interface ValidationErrorData {
  errors: Record<string, string>;
}

/** A query parameter is text given once: a repeated name (or `name[]`) arrives as a list and is refused. */
export const queryText = z.string({ error: 'must be given once, as text' });
const param = (description: string) => queryText.optional().describe(description);

/**
 * The list query as a route declares it (parsed and checked against the resource by
 * `parseListQuery`); `finds[field]` and `finds[field][operator]` are the open-ended rest.
 */
export const listQuerySchema = z
  .object({
    page: param('Page number, from 1'),
    max: param('Rows per page'),
    orderField: param('Field to sort by'),
    orderValue: param("'asc' or 'desc'"),
    search: param('Text searched in searchFields'),
    searchFields: param('Comma-separated fields the search text is looked for in'),
    additionalFilter: param('JSON object of field -> value (equal; null = is null)'),
  })
  .catchall(queryText.describe('finds[field]=value or finds[field][operator]=value'));

/** A monitoring list's query: the list query plus the business-day range. */
export const dateRangeListQuerySchema = listQuerySchema.extend({
  from: param('First business day, YYYY-MM-DD'),
  to: param('Last business day, YYYY-MM-DD'),
});
