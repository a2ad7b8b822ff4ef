import { listQueryString } from '@tagih/contract';
import type { ExportParams } from '../../api/get-list.ts';

/** A list's every-page query as the bulk API takes it ("all that match"): name -> value. */
export const listQueryRecord = (params: ExportParams | null): Record<string, string> | null =>
  params ? Object.fromEntries(new URLSearchParams(listQueryString(params))) : null;

/** What starts a selection over: the query without page and order. */
export const selectionScope = (params: ExportParams | null): string =>
  JSON.stringify([params?.finds ?? null, params?.extra ?? null]);
