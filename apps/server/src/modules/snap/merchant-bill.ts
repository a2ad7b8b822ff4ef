/**
 * What the merchant services share (create-va, inquiry-va, delete-va, qr-mpm-generate, qr-mpm-query):
 * the company a merchant's bills belong to, the bank a bill is opened at, its validity, opening it
 * exactly once per merchant id, and its state as merchants read it.
 *
 * Exactly once: the merchant's id of a bill (trxId, partnerReferenceNo) is the transaction's order
 * id, unique per client in the database. The same id with the same request (its canonical JSON)
 * answers what was answered first; with another request, or an id a bill of this client already
 * carries, it is 409xx01 `Duplicate {field}`. Parallel copies: one inserts, the others meet the
 * unique key, then read the first answer.
 */
import { createHash } from 'node:crypto';
import type { Transaction } from 'kysely';
import { AUDIT_ACTIONS, SNAP_ANSWERS, TRX_STATUS, transactionStatusLabel } from '@tagih/contract';
import { iso } from '../../clock.ts';
import type { AppDeps } from '../../deps.ts';
import { violationOf } from '../../db/violations.ts';
import type { Database } from '../../db/tables.ts';
import { snapTimestamp } from '../../integrations/bank/snap-signature.ts';
import { recordAuditUnsealed } from '../audit/service.ts';
import { canonicalJson } from '../audit/hash.ts';
import { inLedger, openBill, type NewBill } from '../ledger/index.ts';
import { strictAmountMinor, strictInstant } from '../ledger/payment-evidence.ts';
import {
  SNAP_CASE,
  SnapRefusal,
  badField,
  featureNotAllowed,
  missingField,
  snapAnswer,
  type SnapAnswer,
  type SnapService,
} from './answers.ts';
import { snapAudit, type MerchantCall } from './caller/call.ts';
import type { BodyReader } from './fields.ts';
import { activeCompaniesOf } from './merchant-access/merchant-access-repo.ts';
import { firstRequest, insertMerchantBill, type MerchantBillRow } from './merchant-bills-repo.ts';
import type { SnapPartner } from './caller/partners.ts';
import { snapAmount } from './va/va-bill.ts';

/** The longest validity a merchant may give a bill. */
export const MAX_VALIDITY_MS = 366 * 24 * 3_600_000;

/** A merchant's id of a bill (our order id): printable ASCII without spaces. */
export const MERCHANT_BILL_ID = /^[\x21-\x7e]{1,64}$/;

export const merchantAudit = (call: MerchantCall, compId: number | null) =>
  snapAudit(call, `merchant:${call.merchant.clientId}`, compId);

export interface MerchantCompany {
  compId: number;
  compName: string;
  city: string | null;
}

/**
 * The company the merchant's bills go to: its client's one active company, or, when it has
 * several, the one `additionalInfo.companyId` names. None (or one not its own): 403xx01.
 */
export async function companyOf(
  deps: AppDeps,
  call: MerchantCall,
  service: SnapService,
  body: BodyReader,
): Promise<MerchantCompany> {
  const named = body.nested('additionalInfo')?.optional('companyId', 10, /^\d{1,10}$/) ?? null;
  const companies = await activeCompaniesOf(deps.db, call.merchant.clntid);
  const company =
    named === null
      ? companies.length === 1
        ? companies[0]
        : undefined
      : companies.find((c) => c.compId === Number(named));
  if (!company && named === null && companies.length > 1)
    throw missingField(service, 'additionalInfo.companyId');
  if (!company) throw featureNotAllowed(service, SNAP_ANSWERS.reason.noCompany);
  return { compId: company.compId, compName: company.compName, city: company.grcpCity };
}

/** A positive amount in minor units, from SNAP's `{ value, currency }` (its field named when refused). */
export function amountMinorOf(service: SnapService, body: BodyReader, field: string): number {
  const value = body.amount(field, true)!;
  const minor = strictAmountMinor(value);
  if (minor === null || minor <= 0 || !Number.isSafeInteger(minor))
    throw badField(service, `${field}.value`);
  return minor;
}

/** When the bill stops being payable: the time given (ISO 8601 with its zone, in the future, within MAX_VALIDITY_MS) or now + `defaultMs`. */
export function expiryOf(
  service: SnapService,
  field: string,
  text: string | null,
  now: Date,
  defaultMs: number,
): Date {
  if (text === null) return new Date(now.getTime() + defaultMs);
  const at = strictInstant(text);
  if (at === null || at <= now.getTime() || at > now.getTime() + MAX_VALIDITY_MS)
    throw badField(service, field);
  return new Date(at);
}

/** A bank that can report payments and whose `pick` matches (its VA prefix, its QRIS merchant id); 400xx01 on `field` otherwise. */
export function bankFor(
  deps: AppDeps,
  service: SnapService,
  field: string,
  pick: (partner: SnapPartner) => boolean,
): SnapPartner {
  const bank = deps.snapPartners?.find(pick);
  if (!bank) throw badField(service, field);
  return bank;
}

const duplicate = (service: SnapService, field: string) =>
  new SnapRefusal(snapAnswer(409, service, SNAP_CASE.duplicate, SNAP_ANSWERS.duplicate(field)));

export interface BillToOpen {
  service: SnapService;
  call: MerchantCall;
  /** The merchant's id of the bill, and the request field that carries it. */
  requestId: string;
  field: 'trxId' | 'partnerReferenceNo';
  company: MerchantCompany;
  bank: SnapPartner;
  totalMinor: number;
  expiresAt: Date;
  /** In the opening transaction: the bill's number taken, its detail, our answer and what the audit event adds. */
  make: (
    tx: Transaction<Database>,
  ) => Promise<{ detail: NewBill['detail']; answer: SnapAnswer; audit: Record<string, unknown> }>;
}

/** Opens the bill once (see the top of this file): transaction, detail, rollup, the first answer kept, transaction.created audited, in one database transaction. */
export async function openMerchantBill(deps: AppDeps, b: BillToOpen): Promise<SnapAnswer> {
  const key = { clntid: b.call.merchant.clntid, requestId: b.requestId };
  const requestHash = createHash('sha256').update(canonicalJson(b.call.body), 'utf8').digest('hex');
  const answerOfFirst = async (): Promise<SnapAnswer> => {
    const first = await firstRequest(deps.db, key);
    if (!first || first.service !== b.service || first.requestHash !== requestHash)
      throw duplicate(b.service, b.field);
    return first.answer;
  };
  if (await firstRequest(deps.db, key)) return answerOfFirst();
  try {
    return await inLedger(deps, async (log) => {
      const { tx } = log;
      const nowIso = iso(deps.clock.now());
      const made = await b.make(tx);
      const trctId = await openBill(log, {
        compId: b.company.compId,
        clntId: b.call.merchant.clntid,
        orderId: b.requestId,
        bank: b.bank.bank,
        totalMinor: b.totalMinor,
        createdIso: nowIso,
        expiresIso: iso(b.expiresAt),
        detail: made.detail,
      });
      await insertMerchantBill(tx, key, {
        service: b.service,
        requestHash,
        trctId,
        answer: made.answer,
        nowIso,
      });
      await recordAuditUnsealed(tx, deps.clock, merchantAudit(b.call, b.company.compId), {
        action: AUDIT_ACTIONS.transactionCreated,
        target: { type: 'transaction', id: trctId },
        details: {
          service: b.service,
          clientId: b.call.merchant.clientId,
          [b.field]: b.requestId,
          bank: b.bank.bank,
          amountMinor: b.totalMinor,
          expiresAt: iso(b.expiresAt),
          externalId: b.call.externalId,
          ...made.audit,
        },
      });
      return made.answer;
    });
  } catch (error) {
    if (violationOf(error)?.kind !== 'unique') throw error;
    // A copy of this request opened it meanwhile (its answer is ours), or the id is a bill's already.
    return answerOfFirst();
  }
}

/** The bill's state for its merchant: Lunas, Belum Lunas (payable), or Kadaluarsa (expired, also when past its expiry and not yet marked, or cancelled). */
export function billState(bill: MerchantBillRow, now: Date, timeZone: string) {
  const expires = bill.trvaExpiredDate ?? bill.trqrExpiredDate;
  const payable =
    bill.trctStatus === TRX_STATUS.UNPAID &&
    !(expires !== null && Date.parse(expires) <= now.getTime());
  const status =
    bill.trctStatus === TRX_STATUS.PAID
      ? TRX_STATUS.PAID
      : payable
        ? TRX_STATUS.UNPAID
        : TRX_STATUS.EXPIRED;
  const paid = status === TRX_STATUS.PAID;
  return {
    status,
    expiredDate: expires === null ? null : snapTimestamp(new Date(expires), timeZone),
    additionalInfo: {
      status,
      statusDescription: transactionStatusLabel(status),
      ...(paid ? { paidAmount: snapAmount(bill.trctTotalAmountPaid ?? bill.trctTotalAmount) } : {}),
      ...(paid && bill.trctLunasTime
        ? { paidTime: snapTimestamp(new Date(bill.trctLunasTime), timeZone) }
        : {}),
      ...(bill.mbilCancelledAt
        ? { cancelledTime: snapTimestamp(new Date(bill.mbilCancelledAt), timeZone) }
        : {}),
    },
  };
}
