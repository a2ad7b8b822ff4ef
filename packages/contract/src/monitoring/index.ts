export * from './status.ts';
export * from './transaction-kinds.ts';
export * from './transactions.ts';
export * from './notification-resource.ts';
export * from './notifications.ts';
export * from './transaction-detail.ts';
export * from './home.ts';
export * from './bulk-actions.ts';
