/** Column lists for the resources' selections. */
export const audit = (prefix: string, table?: string): string[] =>
  ['CreatedTime', 'CreatedUserId', 'UpdatedTime', 'UpdatedUserId'].map((s) => (table ? `${table}.${prefix}${s}` : `${prefix}${s}`));
