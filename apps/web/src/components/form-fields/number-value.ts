/** The number input's rules (spec §5, §9): numeric characters only, decimals up to `precision`, clamped. */
export interface NumberRules {
  min?: number;
  max?: number;
  /** Decimal places allowed; 0 (the default) means whole numbers. */
  precision?: number;
}

/** What is left of typed text: digits, one leading '-', and one '.' when decimals are allowed. */
export function sanitizeNumberText(text: string, { min, precision = 0 }: NumberRules = {}): string {
  const negativeAllowed = min === undefined || min < 0;
  const negative = negativeAllowed && text.trimStart().startsWith('-');
  const [whole = '', ...rest] = text.replace(/[^\d.]/g, '').split('.');
  let out = whole;
  if (precision > 0 && rest.length > 0) out += `.${rest.join('').slice(0, precision)}`;
  return negative ? `-${out}` : out;
}

export function clampNumber(value: number, { min, max }: NumberRules = {}): number {
  if (max !== undefined && value > max) return max;
  if (min !== undefined && value < min) return min;
  return value;
}

/** Rounds to the precision (avoids 0.1 + 0.2 artefacts when stepping). */
export function roundTo(value: number, precision = 0): number {
  const factor = 10 ** precision;
  return Math.round(value * factor) / factor;
}

/** Text -> the committed number: '' and '-' stay empty, anything else is clamped and rounded. */
export function commitNumber(text: string, rules: NumberRules = {}): number | '' {
  const clean = sanitizeNumberText(text, rules);
  if (clean === '' || clean === '-' || clean === '.') return '';
  const n = Number(clean);
  if (!Number.isFinite(n)) return '';
  return clampNumber(roundTo(n, rules.precision), rules);
}

/** One +/- step from the current value (an empty value steps from min, else 0). */
export function stepNumber(current: number | '', delta: number, rules: NumberRules = {}): number {
  const base = current === '' ? (rules.min ?? 0) : current;
  return clampNumber(roundTo(base + delta, rules.precision), rules);
}
