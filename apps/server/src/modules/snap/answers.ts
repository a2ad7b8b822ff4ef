/**
 * SNAP BI answers: responseCode = HTTP status (3) + service (2) + case (2), e.g. 2002500, 4042513.
 * A refusal is thrown as SnapRefusal and answered by the route with its status and envelope.
 */
import { SNAP_ANSWERS } from '@tagih/contract';

/** The SNAP service numbers we serve. */
export const SNAP_SERVICE = {
  accessToken: '73',
  /** Banks: the bill a payer typed, its payment, a QRIS payment's state. */
  vaInquiry: '24',
  vaPayment: '25',
  qrisNotify: '52',
  /** Merchants: open a VA bill, read it, cancel it; draw a dynamic QRIS, read its state. */
  vaCreate: '27',
  vaRead: '30',
  vaDelete: '31',
  qrisGenerate: '47',
  qrisQuery: '51',
} as const;
export type SnapService = (typeof SNAP_SERVICE)[keyof typeof SNAP_SERVICE];

/** SNAP's case numbers (the last two digits) that we answer. */
export const SNAP_CASE = {
  success: '00',
  badField: '01',
  missingField: '02',
  unauthorized: '00',
  invalidToken: '01',
  transactionNotFound: '01',
  featureNotAllowed: '01',
  duplicate: '01',
  unknownBill: '12',
  invalidAmount: '13',
  paidBill: '14',
  expiredBill: '19',
  conflict: '00',
  generalError: '00',
  tooManyRequests: '00',
} as const;

export interface SnapAnswer {
  httpStatus: number;
  body: { responseCode: string; responseMessage: string } & Record<string, unknown>;
}

export const responseCode = (httpStatus: number, service: SnapService, snapCase: string): string =>
  `${httpStatus}${service}${snapCase}`;

export function snapAnswer(
  httpStatus: number,
  service: SnapService,
  snapCase: string,
  message: string,
  extra: Record<string, unknown> = {},
): SnapAnswer {
  return {
    httpStatus,
    body: {
      responseCode: responseCode(httpStatus, service, snapCase),
      responseMessage: message,
      ...extra,
    },
  };
}

export const successful = (service: SnapService, extra: Record<string, unknown> = {}): SnapAnswer =>
  snapAnswer(200, service, SNAP_CASE.success, SNAP_ANSWERS.successful, extra);

/** A call we do not carry out; `denied`: why, when the refusal belongs in the audit trail as denied (credentials). */
export class SnapRefusal extends Error {
  readonly answer: SnapAnswer;
  readonly denied: string | null;
  constructor(answer: SnapAnswer, denied: string | null = null) {
    super(answer.body.responseMessage);
    this.answer = answer;
    this.denied = denied;
  }
}

export const missingField = (service: SnapService, field: string) =>
  new SnapRefusal(
    snapAnswer(400, service, SNAP_CASE.missingField, SNAP_ANSWERS.missingField(field)),
  );
export const badField = (service: SnapService, field: string) =>
  new SnapRefusal(snapAnswer(400, service, SNAP_CASE.badField, SNAP_ANSWERS.badField(field)));
export const unauthorized = (service: SnapService, reason: string) =>
  new SnapRefusal(
    snapAnswer(401, service, SNAP_CASE.unauthorized, SNAP_ANSWERS.unauthorized(reason)),
    reason,
  );
export const invalidToken = (service: SnapService) =>
  new SnapRefusal(
    snapAnswer(401, service, SNAP_CASE.invalidToken, SNAP_ANSWERS.invalidToken),
    SNAP_ANSWERS.invalidToken,
  );
/** An authenticated caller asking for what is not its to ask (recorded as denied). */
export const featureNotAllowed = (service: SnapService, reason: string) =>
  new SnapRefusal(
    snapAnswer(403, service, SNAP_CASE.featureNotAllowed, SNAP_ANSWERS.featureNotAllowed(reason)),
    reason,
  );
/** A partner over its rate (partner-rate.ts): HTTP 429, retry later; not audited (a flood would flood the trail). */
export const tooManyRequests = (service: SnapService) =>
  new SnapRefusal(
    snapAnswer(429, service, SNAP_CASE.tooManyRequests, SNAP_ANSWERS.tooManyRequests),
  );
export const notFoundBill = (service: SnapService, snapCase: string, message: string) =>
  new SnapRefusal(snapAnswer(404, service, snapCase, message));
