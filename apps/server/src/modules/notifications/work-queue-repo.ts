/**
 * The Notifications work queue "Perlu tindakan" (`queue=attention`, `attention` in the parsed
 * list query, list-request.ts): not
 * delivered (Pending) and given up by the retry schedule: tried at least once and no next
 * attempt planned (delivery.ts sets notiNextAttemptAt to null after the last retry). The one
 * source of this rule for the list, the bulk selection and Home.
 */
import { NOTI_STATUS } from '@tagih/contract';
import { sql, type Expression, type SqlBool } from 'kysely';

/** The queue's condition on `notifications as n`. */
export function givenUp(): Expression<SqlBool> {
  return sql<SqlBool>`(${sql.ref('n.notiStatus')} = ${NOTI_STATUS.PENDING} and ${sql.ref('n.notiNextAttemptAt')} is null and ${sql.ref('n.notiAttempts')} >= 1)`;
}
