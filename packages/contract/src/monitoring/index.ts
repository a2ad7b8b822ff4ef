export * from './transactions.ts';
export * from './notifications.ts';
