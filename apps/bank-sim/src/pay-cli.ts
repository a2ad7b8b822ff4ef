/**
 * `npm run pay -w @tagih/bank-sim -- --va <number> [--sim http://127.0.0.1:8091]`: a payer pays
 * one bill at the demo bank, which reports it to Tagih over signed SNAP calls, as a real bank
 * would; watch the transaction turn Lunas on the screens. Needs a running `npm start` in demo
 * mode (its bank simulator listens on BANK_SIM_PORT, 8091 by default).
 */
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    va: { type: 'string' },
    sim: { type: 'string', default: `http://127.0.0.1:${process.env.BANK_SIM_PORT ?? 8091}` },
  },
});
if (!values.va) {
  console.error(
    'Usage: npm run pay -w @tagih/bank-sim -- --va <VA number> [--sim <bank simulator URL>]',
  );
  process.exit(2);
}

let response: Response;
try {
  response = await fetch(`${values.sim}/demo/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ virtualAccountNo: values.va }),
    signal: AbortSignal.timeout(30_000),
  });
} catch (error) {
  console.error(
    `The bank simulator at ${values.sim} did not answer (${(error as Error).message}). Is \`npm start\` running in demo mode?`,
  );
  process.exit(1);
}
const result = (await response.json()) as {
  paid?: boolean;
  bank?: string;
  step?: string;
  error?: string;
  answer?: { body?: Record<string, unknown> };
};
if (result.error) {
  console.error(result.error);
  process.exit(1);
}
const said =
  `${String(result.answer?.body?.responseCode ?? '')} ${String(result.answer?.body?.responseMessage ?? '')}`.trim();
if (result.paid) {
  console.log(`${result.bank} paid VA ${values.va.trim()}; Tagih answered ${said}`);
} else {
  console.error(
    `${result.bank ?? 'The bank'} did not pay VA ${values.va.trim()}: Tagih's ${result.step ?? 'answer'} said ${said}`,
  );
  process.exit(1);
}
