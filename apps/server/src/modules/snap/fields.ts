/**
 * Reading a SNAP request body: a missing mandatory field is 400xx02, a malformed one 400xx01, each
 * naming the field as the partner spelt it ("Invalid Mandatory Field {partnerServiceId}"). The body
 * was read strictly (shared/strict-json.ts): a repeated member, or one named __proto__,
 * constructor or prototype, is 400xx01 naming it; text that is not JSON is 400xx01 {body}.
 * Amounts are SNAP's decimal strings only ("10000.00"): a JSON number is 400xx01.
 */
import { StrictJsonError } from '../../shared/strict-json.ts';
import { badField, missingField, type SnapService } from './answers.ts';

export type JsonObject = Record<string, unknown>;

/** A body the strict reader refused: its field (or `body`) is named in the 400xx01 once the caller is known. */
export class UnreadableBody {
  readonly field: string;
  constructor(field: string) {
    this.field = field;
  }

  /** A repeated or forbidden member is named by its path (at most 100 characters); anything else is `body`. */
  static of(error: unknown): UnreadableBody {
    const named =
      error instanceof StrictJsonError &&
      (error.problem === 'duplicate-key' || error.problem === 'forbidden-key');
    return new UnreadableBody(
      named ? (error.path.length > 100 ? `${error.path.slice(0, 99)}…` : error.path) : 'body',
    );
  }
}

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export class BodyReader {
  private readonly service: SnapService;
  private readonly body: JsonObject;
  private readonly prefix: string;
  constructor(service: SnapService, body: JsonObject, prefix = '') {
    this.service = service;
    this.body = body;
    this.prefix = prefix;
  }

  static of(service: SnapService, body: unknown): BodyReader {
    if (body instanceof UnreadableBody) throw badField(service, body.field);
    if (!isObject(body)) throw badField(service, 'body');
    return new BodyReader(service, body);
  }

  private name(field: string): string {
    return `${this.prefix}${field}`;
  }

  /** Text of at most `max` characters (a JSON number is read as its digits: some banks send customerNo so). */
  optional(field: string, max: number, pattern?: RegExp): string | null {
    return this.text(field, max, pattern, true);
  }

  private text(
    field: string,
    max: number,
    pattern: RegExp | undefined,
    integers: boolean,
  ): string | null {
    const value = this.body[field];
    if (value === undefined || value === null || value === '') return null;
    const text =
      integers && typeof value === 'number' && Number.isSafeInteger(value) && value >= 0
        ? String(value)
        : value;
    if (typeof text !== 'string' || text.length > max || (pattern && !pattern.test(text)))
      throw badField(this.service, this.name(field));
    return text;
  }

  required(field: string, max: number, pattern?: RegExp): string {
    const text = this.optional(field, max, pattern);
    if (text === null || text.trim() === '') throw missingField(this.service, this.name(field));
    return text;
  }

  /** An optional object (e.g. additionalInfo), read with the same rules and its fields named under it; null when absent. */
  nested(field: string): BodyReader | null {
    const value = this.body[field];
    if (value === undefined || value === null) return null;
    if (!isObject(value)) throw badField(this.service, this.name(field));
    return new BodyReader(this.service, value, `${this.name(field)}.`);
  }

  /**
   * SNAP's amount object `{ value: "150000.00", currency: "IDR" }`: its value as written
   * (payment-evidence.ts judges it). Only a string: a JSON number (2165000.00000000001 reads as
   * 2165000) is not what the bank wrote, so it is refused (400xx01 {field.value}).
   */
  amount(field: string, required: boolean): string | null {
    const value = this.body[field];
    if (value === undefined || value === null) {
      if (required) throw missingField(this.service, `${this.name(field)}.value`);
      return null;
    }
    if (!isObject(value)) throw badField(this.service, this.name(field));
    const inner = new BodyReader(this.service, value, `${this.name(field)}.`);
    const amount = inner.text('value', 16, /^\d{1,13}(?:\.\d{1,2})?$/, false);
    if (amount === null) throw missingField(this.service, `${this.name(field)}.value`);
    inner.required('currency', 3, /^IDR$/);
    return amount;
  }
}
