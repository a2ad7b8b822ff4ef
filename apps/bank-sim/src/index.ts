export { startBankSim, type BankSim, type BankSimOptions, type RecordedBankCall, type SimBank } from './bank.ts';
export { startMerchantSim, verifySignature, type MerchantMode, type MerchantSim, type MerchantSimOptions, type ReceivedCallback } from './merchant.ts';
export { createDemoBanks, demoPartnerServiceId, type DemoBank } from './demo-banks.ts';
export { digitFor, outcomeOf, type Outcome } from './outcomes.ts';
