export { startBankSim, type BankSim, type BankSimOptions, type RecordedBankCall, type SimBank } from './bank.ts';
export { startMerchantSim, verifySignature, type MerchantMode, type MerchantSim, type MerchantSimOptions, type ReceivedCallback } from './merchant.ts';
export { createDemoBanks, type DemoBank } from './demo-banks.ts';
export { outcomeOf, type Outcome } from '@tagih/contract/demo-bank';
