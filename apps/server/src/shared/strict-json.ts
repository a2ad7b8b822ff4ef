/**
 * A strict JSON reader for what partners send us and answer us over SNAP (the /snap bodies, the
 * banks' Inquiry and bank-statement answers). JSON.parse lets a member repeat (the last one wins,
 * while another reader may take the first: a body with two `paidAmount` members means two
 * different payments to two components) and hands `__proto__` or `constructor` members on to code
 * that may merge them into an object. This reader is RFC 8259 JSON, and refuses:
 * - a member name repeated in one object (the error names it, with its path: `paidAmount.value`);
 * - the member names `__proto__`, `constructor` and `prototype`;
 * - nesting deeper than `maxDepth` (64): no SNAP message comes near, and a hostile one cannot
 *   exhaust the stack.
 * Objects are plain objects (the forbidden names never reach them). Numbers are read as JSON.parse reads them: callers
 * that need exact amounts refuse numbers and take SNAP's decimal strings ("10000.00").
 */

export type StrictJsonProblem = 'syntax' | 'duplicate-key' | 'forbidden-key' | 'too-deep';

export class StrictJsonError extends Error {
  readonly problem: StrictJsonProblem;
  /** Where: the member's path (`paidAmount.value`, `detailData[2].amount`); empty for the document itself. */
  readonly path: string;
  constructor(problem: StrictJsonProblem, path: string, message: string) {
    super(message);
    this.name = 'StrictJsonError';
    this.problem = problem;
    this.path = path;
  }
}

export const FORBIDDEN_MEMBER_NAMES: ReadonlySet<string> = new Set([
  '__proto__',
  'constructor',
  'prototype',
]);

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const ESCAPES: Record<string, string> = {
  '"': '"',
  '\\': '\\',
  '/': '/',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
};

class Reader {
  private at = 0;
  private readonly text: string;
  private readonly maxDepth: number;
  constructor(text: string, maxDepth: number) {
    this.text = text;
    this.maxDepth = maxDepth;
  }

  document(): unknown {
    this.space();
    const value = this.value('', 0);
    this.space();
    if (this.at < this.text.length) this.fail('');
    return value;
  }

  private fail(path: string, what = 'is not JSON'): never {
    throw new StrictJsonError('syntax', path, `The body ${what} (at character ${this.at + 1})`);
  }

  private space(): void {
    while (this.at < this.text.length) {
      const c = this.text.charCodeAt(this.at);
      if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) return;
      this.at += 1;
    }
  }

  private value(path: string, depth: number): unknown {
    const c = this.text[this.at];
    if (c === '{' || c === '[') {
      if (depth >= this.maxDepth)
        throw new StrictJsonError(
          'too-deep',
          path,
          `The body nests deeper than ${this.maxDepth} levels`,
        );
      return c === '{' ? this.object(path, depth + 1) : this.array(path, depth + 1);
    }
    if (c === '"') return this.string(path);
    for (const [word, literal] of [
      ['true', true],
      ['false', false],
      ['null', null],
    ] as const) {
      if (this.text.startsWith(word, this.at)) {
        this.at += word.length;
        return literal;
      }
    }
    NUMBER.lastIndex = this.at;
    const m = NUMBER.exec(this.text);
    if (!m) this.fail(path);
    this.at += m[0].length;
    return Number(m[0]);
  }

  private object(path: string, depth: number): Record<string, unknown> {
    const result: Record<string, unknown> = {};
    const seen = new Set<string>();
    this.at += 1;
    this.space();
    if (this.text[this.at] === '}') {
      this.at += 1;
      return result;
    }
    for (;;) {
      if (this.text[this.at] !== '"') this.fail(path);
      const name = this.string(path);
      const memberPath = path ? `${path}.${name}` : name;
      if (FORBIDDEN_MEMBER_NAMES.has(name))
        throw new StrictJsonError(
          'forbidden-key',
          memberPath,
          `The body has a member named ${name}`,
        );
      if (seen.has(name))
        throw new StrictJsonError(
          'duplicate-key',
          memberPath,
          `The body has the member ${memberPath} twice`,
        );
      seen.add(name);
      this.space();
      if (this.text[this.at] !== ':') this.fail(memberPath);
      this.at += 1;
      this.space();
      result[name] = this.value(memberPath, depth);
      this.space();
      const next = this.text[this.at];
      this.at += 1;
      if (next === '}') return result;
      if (next !== ',') this.fail(path);
      this.space();
    }
  }

  private array(path: string, depth: number): unknown[] {
    const result: unknown[] = [];
    this.at += 1;
    this.space();
    if (this.text[this.at] === ']') {
      this.at += 1;
      return result;
    }
    for (;;) {
      result.push(this.value(`${path}[${result.length}]`, depth));
      this.space();
      const next = this.text[this.at];
      this.at += 1;
      if (next === ']') return result;
      if (next !== ',') this.fail(path);
      this.space();
    }
  }

  private string(path: string): string {
    let out = '';
    let from = (this.at += 1);
    for (;;) {
      if (this.at >= this.text.length) this.fail(path, 'has an unterminated string');
      const c = this.text.charCodeAt(this.at);
      if (c === 0x22) {
        out += this.text.slice(from, this.at);
        this.at += 1;
        return out;
      }
      if (c < 0x20) this.fail(path, 'has a control character in a string');
      if (c !== 0x5c) {
        this.at += 1;
        continue;
      }
      out += this.text.slice(from, this.at);
      const e = this.text[this.at + 1] ?? '';
      if (e === 'u') {
        const hex = this.text.slice(this.at + 2, this.at + 6);
        if (!/^[0-9a-fA-F]{4}$/.test(hex)) this.fail(path, 'has a bad \\u escape');
        out += String.fromCharCode(parseInt(hex, 16));
        this.at += 6;
      } else {
        const plain = ESCAPES[e];
        if (plain === undefined) this.fail(path, 'has a bad escape');
        out += plain;
        this.at += 2;
      }
      from = this.at;
    }
  }
}

/** The JSON value of `text`, read strictly (see above); a StrictJsonError says what and where otherwise. */
export function parseStrictJson(text: string, options: { maxDepth?: number } = {}): unknown {
  return new Reader(text, options.maxDepth ?? 64).document();
}
