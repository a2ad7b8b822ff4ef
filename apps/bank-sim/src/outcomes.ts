/**
 * What the simulated bank answers, decided by the data: the last digit of the VA customer
 * number (VA inquiry) or of the order id (QRIS query). See README.md.
 */
export type Outcome = 'paid' | 'unpaid' | 'canceled' | 'failed' | 'not-found' | 'bank-error' | 'slow';

const BY_DIGIT: Record<string, Outcome> = {
  '0': 'unpaid', '1': 'paid', '2': 'paid', '3': 'paid', '4': 'unpaid',
  '5': 'canceled', '6': 'failed', '7': 'not-found', '8': 'bank-error', '9': 'slow',
};

export function outcomeOf(key: string): Outcome {
  return BY_DIGIT[key.trim().slice(-1)] ?? 'not-found';
}

/** A last digit giving `outcome` (for building demo and test data). */
export function digitFor(outcome: Outcome): string {
  return Object.entries(BY_DIGIT).find(([, o]) => o === outcome)![0];
}
