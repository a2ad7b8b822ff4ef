/** `queue` of a monitoring list request (transactions, notifications): which work queue, if any. */
import { WORK_QUEUE_ATTENTION, WORK_QUEUE_PARAM, type RawQuery } from '@tagih/contract';
import { Invalid } from './errors.ts';

/** Absent (or empty) means no queue; `attention` the list's work queue; any other value is a 400. */
export function wantsWorkQueue(raw: RawQuery): boolean {
  const value = raw[WORK_QUEUE_PARAM];
  if (value === undefined || value === '') return false;
  if (value !== WORK_QUEUE_ATTENTION)
    throw new Invalid(`${WORK_QUEUE_PARAM} must be '${WORK_QUEUE_ATTENTION}'`, {
      [WORK_QUEUE_PARAM]: `must be '${WORK_QUEUE_ATTENTION}'`,
    });
  return true;
}
