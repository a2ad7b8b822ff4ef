/** `npm start -w @tagih/bank-sim`: the three demo banks and a merchant receiver, standalone. */
import { createDemoBanks, startBankSim, startMerchantSim } from './index.ts';

const banks = createDemoBanks();
const bank = await startBankSim({ banks, port: Number(process.env.BANK_SIM_PORT ?? 8091) });
const secret = process.env.MERCHANT_SECRET ?? 'demo-secret';
const merchant = await startMerchantSim({
  port: Number(process.env.MERCHANT_SIM_PORT ?? 8092),
  secretFor: () => secret,
});
console.log(`bank simulator: ${bank.url} (prefixes ${banks.map((b) => b.pathPrefix).join(', ')})`);
console.log(`merchant receiver: ${merchant.callbackUrl('<name>')} (secret from MERCHANT_SECRET)`);
for (const b of banks)
  console.log(`\n${b.code} clientId=${b.clientId} clientSecret=${b.clientSecret}\n${b.privateKey}`);
