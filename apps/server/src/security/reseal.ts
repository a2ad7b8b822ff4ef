/**
 * Re-sealing stored secrets under the current data key (`npm run data-key:rotate`), whatever
 * column holds them: each value an older key sealed is opened and sealed again, and rewritten only
 * if unchanged since it was read (so that concurrent runs and servers are harmless).
 */
import { SecretBoxError, type SecretBox } from './secret-box.ts';

export interface ResealReport<K> {
  resealed: number;
  current: number;
  /** The keys of values no given key opens (left as they are). */
  unreadable: K[];
}

export async function resealStored<K>(
  box: SecretBox,
  context: string,
  rows: readonly { key: K; stored: string }[],
  replace: (key: K, from: string, to: string) => Promise<boolean>,
): Promise<ResealReport<K>> {
  const report: ResealReport<K> = { resealed: 0, current: 0, unreadable: [] };
  for (const row of rows) {
    if (box.isCurrent(row.stored)) {
      report.current++;
      continue;
    }
    let plain: string;
    try {
      plain = box.open(row.stored, context);
    } catch (error) {
      if (!(error instanceof SecretBoxError)) throw error;
      report.unreadable.push(row.key);
      continue;
    }
    if (await replace(row.key, row.stored, box.seal(plain, context))) report.resealed++;
  }
  return report;
}
