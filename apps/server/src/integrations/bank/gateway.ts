/** What the server asks a bank, whatever protocol the bank speaks (SNAP BI today). */

/** Settings of one SNAP BI bank (spec "Per bank configuration"). */
export interface BankConfig {
  /** trctBank value, e.g. 'BRI' (matched case-insensitively). */
  code: string;
  baseUrl: string;
  /** Where the bank puts the standard paths, e.g. '/snap'. */
  pathPrefix: string;
  clientId: string;
  clientSecret: string;
  /** PEM private key for the access-token signature. */
  privateKey: string;
  partnerServiceId: string;
  channelId: string;
  /** Our merchant id at the bank as QRIS acquirer: merchants' QRIS bills there name it. */
  merchantId?: string;
  /** How the bank calls us (modules/snap): absent, the bank cannot report payments to us. */
  inbound?: InboundCredentials;
  /** What a dynamic QRIS drawn for us at this acquirer carries (modules/snap/qris/qris-payload.ts); absent, merchants cannot draw one there. */
  qris?: QrisAcquirer;
  /** Our account numbers at this bank whose statements we ask for over SNAP bank-statement (modules/recon/pull); absent: none. */
  accounts?: string[];
}

/** Our identity at a bank as QRIS acquirer, as its QRIS payloads carry it (EMVCo tags 26 and 51, 52). */
export interface QrisAcquirer {
  /** Reverse domain of the acquirer (tag 26, sub-tag 00), e.g. 'ID.CO.BANKBRI.WWW'. */
  acquirerDomain: string;
  /** Merchant PAN at the acquirer (26/01), digits. */
  merchantPan: string;
  /** National Merchant ID (tag 51, sub-tag 02), 'ID…'. */
  nmid: string;
  /** Merchant criteria (26/03 and 51/03): UMI, UKE, UME or UBE. */
  criteria: 'UMI' | 'UKE' | 'UME' | 'UBE';
  /** Merchant category code (tag 52), four digits. */
  mcc: string;
}

/** A bank's credentials for calling us over SNAP BI (docs/protocols.md "SNAP BI: what banks send us"). */
export interface InboundCredentials {
  /** Its X-CLIENT-KEY (token call) and X-PARTNER-ID (service calls). */
  clientId: string;
  /** PEM public key that checks its token call's RSA signature. */
  publicKey: string;
  /** The HMAC-SHA512 key of its service calls' signatures. */
  clientSecret: string;
}

export interface VaInquiry {
  bank: string;
  /** 8 characters, left-padded with spaces. */
  partnerServiceId: string;
  customerNo: string;
}

export interface QrisInquiry {
  bank: string;
  orderId: string;
  referenceNo: string | null;
  merchantId: string | null;
}

/**
 * What a bank's "paid" answer says, as the bank wrote it: which bill it names, the amount and the
 * time. Nothing here is believed yet: the caller decides (modules/ledger/payment-evidence.ts).
 */
export interface BankPaidClaim {
  names: {
    virtualAccountNo?: string | null;
    partnerServiceId?: string | null;
    customerNo?: string | null;
    referenceNo?: string | null;
    partnerReferenceNo?: string | null;
  };
  /** e.g. '150000.00'; a value that is not text is kept as its JSON, to be refused and shown. */
  paidAmount: string | null;
  paidAt: string | null;
}

export type InquiryOutcome =
  | { kind: 'paid'; responseCode: string; claimed: BankPaidClaim }
  /** `reasonId`: the bank's own Indonesian wording of `reason`, when it gives one (shown to operators). */
  | { kind: 'unpaid'; responseCode: string; bankStatus: string; reason: string; reasonId?: string };

export type BankFailureReason =
  'not-configured' | 'rejected' | 'timeout' | 'unreachable' | 'invalid-answer';

/** The bank could not tell us the status; the transaction stays as it was. */
export class BankFailure extends Error {
  readonly reason: BankFailureReason;
  readonly responseCode: string | null;
  constructor(message: string, reason: BankFailureReason, responseCode: string | null = null) {
    super(message);
    this.reason = reason;
    this.responseCode = responseCode;
  }
}

export interface BankGateway {
  inquiryVa(query: VaInquiry): Promise<InquiryOutcome>;
  inquiryQris(query: QrisInquiry): Promise<InquiryOutcome>;
}
