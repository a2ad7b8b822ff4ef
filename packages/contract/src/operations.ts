/** Operations travel and are stored as a JSON-encoded list ('["read","create"]', spec §3, §7). */
import { ACTIONS, isAction, type Action } from './permissions.ts';

/** The actions in a JSON string or list, in read/create/update/delete order; junk gives []. */
export function parseOperations(value: unknown): Action[] {
  let list: unknown = value;
  if (typeof value === 'string') {
    try {
      list = JSON.parse(value);
    } catch {
      return [];
    }
  }
  if (!Array.isArray(list)) return [];
  return ACTIONS.filter((action) => list.some((item) => isAction(item) && item === action));
}

export const encodeOperations = (actions: readonly Action[]): string =>
  JSON.stringify(ACTIONS.filter((a) => actions.includes(a)));
