/**
 * The Notifications work queue "Perlu tindakan" (issue 11 item 5, `queue=attention`): not
 * delivered (Pending) and given up by the retry schedule: tried at least once and no next
 * attempt planned (delivery.ts sets notiNextAttemptAt to null after the last retry). The one
 * source of this rule for the list, the bulk selection and Home.
 */
import { NOTI_STATUS, type ListQuery } from '@tagih/contract';
import { sql, type Expression, type SqlBool } from 'kysely';

/** A notification list query, possibly narrowed to the work queue. */
export type NotificationListQuery = ListQuery & { attention?: boolean };

/** The queue's condition on `notifications as n`. */
export function givenUp(): Expression<SqlBool> {
  return sql<SqlBool>`(${sql.ref('n.notiStatus')} = ${NOTI_STATUS.PENDING} and ${sql.ref('n.notiNextAttemptAt')} is null and ${sql.ref('n.notiAttempts')} >= 1)`;
}
