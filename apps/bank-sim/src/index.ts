export {
  startBankSim,
  type BankSim,
  type BankSimOptions,
  type RecordedBankCall,
  type SimBank,
} from './bank.ts';
export {
  startMerchantSim,
  verifySignature,
  type MerchantMode,
  type MerchantSim,
  type MerchantSimOptions,
  type ReceivedCallback,
} from './merchant.ts';
export { createDemoBanks, type DemoBank } from './demo-banks.ts';
export { outcomeOf, type Outcome } from '@tagih/contract/demo-bank';
export {
  createBankPayer,
  splitVirtualAccount,
  type BankPayer,
  type PaymentResult,
} from './bank-payer.ts';
export {
  createTagihSnapClient,
  type SnapAnswer,
  type SnapPartnerCredentials,
  type TagihSnapClient,
} from './tagih-snap-client.ts';
export {
  startDemoTraffic,
  type DemoTraffic,
  type DemoTrafficCounts,
  type DemoTrafficOptions,
  type TrafficBank,
  type TrafficMerchant,
} from './demo-traffic.ts';
export {
  DAY_BALANCE_MINOR,
  SHORT_BY_MINOR,
  planDay,
  type BankBook,
  type BookedPayment,
  type OpenBill,
  type PlantedBreak,
  type StatementEntry,
} from './statements/statement-plan.ts';
export { mt940Of } from './statements/mt940-writer.ts';
