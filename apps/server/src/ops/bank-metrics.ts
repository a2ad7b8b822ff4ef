/**
 * Counts and times every bank inquiry by wrapping the gateway where it is made (main.ts), so
 * the inquiry code itself knows nothing of metrics.
 */
import {
  BankFailure,
  type BankGateway,
  type InquiryOutcome,
} from '../integrations/bank/gateway.ts';
import type { AppMetrics } from './metrics.ts';

export function instrumentBankGateway(gateway: BankGateway, metrics: AppMetrics): BankGateway {
  const timed = async (
    bank: string,
    ask: () => Promise<InquiryOutcome>,
  ): Promise<InquiryOutcome> => {
    const started = performance.now();
    // Bank codes come from configuration (a handful); anything else is one 'unknown' series.
    const labels = {
      bank: /^[A-Za-z0-9_-]{1,20}$/.test(bank) ? bank.toUpperCase() : 'unknown',
      outcome: 'error',
    };
    try {
      const outcome = await ask();
      labels.outcome = outcome.kind;
      return outcome;
    } catch (error) {
      if (error instanceof BankFailure) labels.outcome = error.reason;
      throw error;
    } finally {
      metrics.bankInquiries.inc(labels);
      metrics.bankInquiryDuration.observe(labels, (performance.now() - started) / 1000);
    }
  };
  return {
    inquiryVa: (query) => timed(query.bank, () => gateway.inquiryVa(query)),
    inquiryQris: (query) => timed(query.bank, () => gateway.inquiryQris(query)),
  };
}
