/**
 * Reading a SNAP request body: a missing mandatory field is 400xx02, a malformed one 400xx01, each
 * naming the field as the partner spelt it ("Invalid Mandatory Field {partnerServiceId}").
 */
import { badField, missingField, type SnapService } from './answers.ts';

export type JsonObject = Record<string, unknown>;

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

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
    if (!isObject(body)) throw badField(service, 'body');
    return new BodyReader(service, body);
  }

  private name(field: string): string {
    return `${this.prefix}${field}`;
  }

  /** Text of at most `max` characters (a JSON number is read as its digits: some banks send customerNo so). */
  optional(field: string, max: number, pattern?: RegExp): string | null {
    const value = this.body[field];
    if (value === undefined || value === null || value === '') return null;
    const text = typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? String(value) : value;
    if (typeof text !== 'string' || text.length > max || (pattern && !pattern.test(text))) throw badField(this.service, this.name(field));
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

  /** SNAP's amount object `{ value: "150000.00", currency: "IDR" }`: its value as written (payment-evidence.ts judges it). */
  amount(field: string, required: boolean): string | null {
    const value = this.body[field];
    if (value === undefined || value === null) {
      if (required) throw missingField(this.service, `${this.name(field)}.value`);
      return null;
    }
    if (!isObject(value)) throw badField(this.service, this.name(field));
    const inner = new BodyReader(this.service, value, `${this.name(field)}.`);
    const amount = inner.required('value', 16, /^\d{1,13}(?:\.\d{1,2})?$/);
    inner.required('currency', 3, /^IDR$/);
    return amount;
  }
}
