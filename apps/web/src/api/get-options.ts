/**
 * Dropdown options from a field's options_api_path (spec §7): the whole list (page 1,
 * max 1,000,000); the value is the row's PRI field named by `fields`.
 */
import { MAX_PAGE_SIZE, type ListPayload } from '@tagih/contract';
import { useList, type ListParams } from './get-list.ts';

export const OPTIONS_LIST_PARAMS: ListParams = { page: 1, max: MAX_PAGE_SIZE };

export type OptionRow = Record<string, unknown>;

/** The name of the primary-key field of a list answer. */
export function primaryKeyOf(payload: ListPayload<OptionRow>): string | undefined {
  return payload.fields.find((f) => f.Key === 'PRI')?.Field;
}

export function useOptionRows(path: string | undefined) {
  return useList<OptionRow>(path ?? '', OPTIONS_LIST_PARAMS, Boolean(path));
}
