/**
 * One transaction's whole story: its fields, its VA/QRIS detail and notification, and one timeline in time order: created, each bank inquiry, the status changes,
 * each delivery attempt to the merchant and each operator action from the audit trail.
 */
import {
  TRX_STATUS,
  minorToAmount,
  readDeliveryResponse,
  type InquiryAttemptOutcome,
  type TimelineEntry,
  type TransactionDetail,
} from '@tagih/contract';
import type { AppDeps } from '../../../deps.ts';
import { NotFound } from '../../../shared/errors.ts';
import type { ServerKind } from '../kinds.ts';
import * as repo from './timeline-repo.ts';
import { deliveryHistory } from '../../notifications/service.ts';

const money = (minor: number | string | null): number | null =>
  minor === null ? null : minorToAmount(Number(minor));

/** At equal times, the order things happen in: created, status, inquiry, operator action, delivery. */
const RANK: Record<TimelineEntry['type'], number> = {
  created: 0,
  status: 1,
  inquiry: 2,
  operator: 3,
  notification: 4,
  statement: 5,
};

export function byTime(a: TimelineEntry, b: TimelineEntry): number {
  const at = Date.parse(a.at) - Date.parse(b.at);
  if (at !== 0) return at;
  const rank = RANK[a.type] - RANK[b.type];
  if (rank !== 0) return rank;
  return ('id' in a ? a.id : 0) - ('id' in b ? b.id : 0);
}

function parseObject(text: string | null): Record<string, unknown> {
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

/** When it stopped being payable: its expiry date, else when it was marked Kadaluarsa. */
function expiredAt(row: repo.DetailRow): string {
  return row.trvaExpiredDate ?? row.trqrExpiredDate ?? row.trctUpdatedTime ?? row.trctCreatedTime;
}

function statusEntries(row: repo.DetailRow): TimelineEntry[] {
  if (row.trctStatus === TRX_STATUS.PAID && row.trctLunasTime)
    return [{ type: 'status', at: row.trctLunasTime, status: TRX_STATUS.PAID }];
  if (row.trctStatus === TRX_STATUS.EXPIRED)
    return [{ type: 'status', at: expiredAt(row), status: TRX_STATUS.EXPIRED }];
  return [];
}

/** The statement line it was matched to, for a user who may read reconciliation. */
async function statementEntries(
  deps: AppDeps,
  trctId: number,
  withRecon: boolean,
): Promise<TimelineEntry[]> {
  if (!withRecon) return [];
  const m = await repo.matchedLine(deps.db, trctId);
  if (!m) return [];
  return [
    {
      type: 'statement',
      at: m.rmatCreatedTime,
      id: Number(m.stlnId),
      stmtId: Number(m.stlnStmtId),
      rbrkId: m.rbrkId === null ? null : Number(m.rbrkId),
      rule: m.rmatRule,
      bank: m.baccBank,
      accountNo: m.baccAccountNo,
      day: m.stlnDay,
      amount: minorToAmount(Number(m.stlnAmountMinor)),
      reference: m.stlnReference,
      narrative: m.stlnNarrative,
    },
  ];
}

async function timelineOf(
  deps: AppDeps,
  row: repo.DetailRow,
  withRecon: boolean,
): Promise<TimelineEntry[]> {
  const [inquiries, deliveries, events, statement] = await Promise.all([
    repo.inquiryAttempts(deps.db, row.trctId),
    row.notiId === null ? Promise.resolve([]) : deliveryHistory(deps, row.notiId),
    repo.auditEventsOf(deps.db, row.trctId),
    statementEntries(deps, row.trctId, withRecon),
  ]);
  const entries: TimelineEntry[] = [
    { type: 'created', at: row.trctCreatedTime },
    ...statusEntries(row),
    ...inquiries.map((a): TimelineEntry => ({
      type: 'inquiry',
      at: a.inatAt,
      id: a.inatId,
      bank: a.inatBank,
      actor: a.inatUsername,
      request: parseObject(a.inatRequest),
      outcome: a.inatOutcome as InquiryAttemptOutcome,
      responseCode: a.inatResponseCode,
      message: a.inatMessage,
      httpStatus: a.inatHttpStatus,
      latencyMs: a.inatLatencyMs,
    })),
    ...deliveries.map((h): TimelineEntry => {
      const { httpStatus, latencyMs, delivered } = readDeliveryResponse(h.nohiResponse);
      return {
        type: 'notification',
        at: h.nohiCreatedTime,
        id: h.nohiId,
        notiId: h.nohiNotiId,
        request: h.nohiRequest,
        response: h.nohiResponse,
        httpStatus,
        latencyMs,
        delivered,
      };
    }),
    ...events.map((e): TimelineEntry => ({
      type: 'operator',
      at: e.audtAt,
      id: e.audtId,
      action: e.audtAction,
      actor: e.audtActorUsername,
      outcome: e.audtOutcome,
      details: parseObject(e.audtDetails),
    })),
    ...statement,
  ];
  return entries.sort(byTime);
}

/** `withRecon`: the user may read reconciliation (the timeline then shows the statement line it was matched to). */
export async function transactionDetail(
  deps: AppDeps,
  kind: ServerKind,
  compId: number,
  trctId: number,
  withRecon = false,
): Promise<TransactionDetail> {
  const row = await repo.findDetail(deps.db, kind, compId, trctId);
  if (!row) throw new NotFound(`Transaction ${trctId} not found`);
  return {
    transaction: {
      trctId: row.trctId,
      trctType: row.trctType,
      trctOrderId: row.trctOrderId,
      trctStatus: row.trctStatus,
      trctBank: row.trctBank,
      trctVirtualAccountNo: row.trctVirtualAccountNo,
      trctVirtualAccountName: row.trctVirtualAccountName,
      trctQrName: row.trctQrName,
      trctQrBank: row.trctQrBank,
      trctTotalAmount: money(row.trctTotalAmount),
      trctTotalAmountPaid: money(row.trctTotalAmountPaid),
      trctCreatedTime: row.trctCreatedTime,
      trctLunasTime: row.trctLunasTime,
      trctUpdatedTime: row.trctUpdatedTime,
    },
    va:
      row.trvaId === null
        ? null
        : {
            trvaPartnerServiceId: row.trvaPartnerServiceId ?? '',
            trvaCustomerNo: row.trvaCustomerNo ?? '',
            trvaVirtualAccountNo: row.trvaVirtualAccountNo ?? '',
            trvaVirtualAccountName: row.trvaVirtualAccountName,
            trvaExpiredDate: row.trvaExpiredDate,
          },
    qr:
      row.trqrId === null
        ? null
        : {
            trqrReferenceNo: row.trqrReferenceNo,
            trqrMerchantId: row.trqrMerchantId,
            trqrTotalAmount: money(row.trqrTotalAmount),
            trqrCreatedTime: row.trqrCreatedTime,
            trqrExpiredDate: row.trqrExpiredDate,
          },
    notification:
      row.notiId === null
        ? null
        : {
            notiId: row.notiId,
            notiStatus: Number(row.notiStatus),
            notiAttempts: Number(row.notiAttempts),
            notiCreatedTime: row.notiCreatedTime ?? row.trctCreatedTime,
            notiUpdatedTime: row.notiUpdatedTime,
            notiNextAttemptAt: row.notiNextAttemptAt,
          },
    timeline: await timelineOf(deps, row, withRecon),
  };
}
