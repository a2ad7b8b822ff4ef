export * from './bank-account.ts';
export * from './bank-account-body.ts';
export * from './reconciliation.ts';
export * from './recon-text.ts';
