/**
 * Uniqueness look-up (spec §5, §7): GET {path}?finds[field][eq]=value; any row means taken.
 * Failures are only logged by the caller (spec §8).
 */
import { getList } from './get-list.ts';

export async function isValueTaken(
  path: string,
  field: string,
  value: string,
  signal?: AbortSignal,
): Promise<boolean> {
  const page = await getList<unknown>(
    path,
    { page: 1, max: 1, finds: { [field]: { op: 'eq', value } } },
    signal,
  );
  return page.pagination.totalData > 0 || page.data.length > 0;
}

export const valueTakenQueryKey = (path: string, field: string, value: string) =>
  ['list', path, 'taken', field, value] as const;
