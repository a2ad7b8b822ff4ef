/** BRI, BJB and Mandiri with fresh RSA key pairs (generated at start, never stored). */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { DEMO_BANK_ACCOUNTS, demoPartnerServiceId } from '@tagih/contract/demo-bank';
import type { SimBank } from './bank.ts';

export interface DemoBank extends SimBank {
  /** PEM private key: the server signs the token call with it. */
  privateKey: string;
  partnerServiceId: string;
  channelId: string;
  merchantId: string;
  /** Tagih at this bank as QRIS acquirer (demo identities, not registered anywhere). */
  qris: { acquirerDomain: string; merchantPan: string; nmid: string; criteria: 'UMI'; mcc: string };
  /** How this bank calls Tagih (payments it reports): its client id, key pair and service-signature secret. */
  inbound: { clientId: string; publicKey: string; privateKey: string; clientSecret: string };
}

const rsaPair = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });

const BANKS = [
  {
    code: 'BRI',
    pathPrefix: '/bri/snap',
    merchantId: 'BRI-MID-0001',
    acquirerDomain: 'ID.CO.BANKBRI.WWW',
    nns: '93600002',
  },
  {
    code: 'BJB',
    pathPrefix: '/bjb/snap',
    merchantId: 'BJB-MID-0001',
    acquirerDomain: 'ID.CO.BANKBJB.WWW',
    nns: '93600110',
  },
  {
    code: 'Mandiri',
    pathPrefix: '/mandiri/snap',
    merchantId: 'MDR-MID-0001',
    acquirerDomain: 'ID.CO.BANKMANDIRI.WWW',
    nns: '93600008',
  },
] as const;

export function createDemoBanks(): DemoBank[] {
  return BANKS.map(({ acquirerDomain, nns, ...b }) => {
    const { publicKey, privateKey } = rsaPair();
    const inbound = rsaPair();
    return {
      ...b,
      qris: {
        acquirerDomain,
        merchantPan: `${nns}0000012345`,
        nmid: `ID10${nns.slice(-4)}0012345`,
        criteria: 'UMI',
        mcc: '5999',
      },
      partnerServiceId: demoPartnerServiceId(b.code),
      statementAccount: DEMO_BANK_ACCOUNTS[b.code]!,
      clientId: `tagih-${b.code.toLowerCase()}`,
      clientSecret: randomBytes(24).toString('base64url'),
      publicKey,
      privateKey,
      channelId: '95221',
      inbound: {
        clientId: `${b.code.toLowerCase()}-to-tagih`,
        ...inbound,
        clientSecret: randomBytes(32).toString('base64url'),
      },
    };
  });
}
