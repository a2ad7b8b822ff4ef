/**
 * The clients' signing secrets at rest: opened where a callback is signed (or the demo merchant
 * checks one), sealed by a step at every start (plain values: those not starting with `v1:`;
 * idempotent) and re-sealed under the current key by `npm run data-key:rotate`.
 */
import { ConfigError } from '../config.ts';
import { listClientSecrets, replaceClientSecret } from '../db/client-secrets-repo.ts';
import type { DbOrTx } from '../db/tables.ts';
import { isSealed, keyIdOfValue, SecretBoxError, type SecretBox } from './secret-box.ts';

/** Where the secret lives: part of every sealed value's authenticated data. */
export const CLIENT_SECRET_CONTEXT = 'clients.clntSecret';

/** The plain secret of a stored value; throws SecretBoxError when it cannot be opened (no key, wrong key, altered). */
export function openClientSecret(box: SecretBox | undefined, stored: string): string {
  if (!isSealed(stored)) return stored;
  if (!box)
    throw new SecretBoxError(
      'The client secret is encrypted, but this process has no data key',
      keyIdOfValue(stored),
    );
  return box.open(stored, CLIENT_SECRET_CONTEXT);
}

export interface UnreadableSecret {
  clntid: number;
  keyId: string | null;
  reason: string;
}

export interface SealReport {
  /** Plain values sealed now. */
  sealed: number;
  /** Values under an older key re-sealed under the current one (rotation only). */
  resealed: number;
  /** Values under an older key left as they are (start-up: the rotation's job). */
  older: number;
  /** Values already under the current key. */
  current: number;
  /** Values no given key opens: left untouched. */
  unreadable: UnreadableSecret[];
}

/**
 * Opens every stored secret (so a wrong key is found now, not at the next callback), seals the
 * plain ones and, with `rotate`, re-seals under the current key those an older key sealed.
 * Each row is rewritten only if unchanged since it was read, so concurrent runs are harmless.
 */
export async function sealClientSecrets(
  db: DbOrTx,
  box: SecretBox,
  options: { rotate: boolean },
): Promise<SealReport> {
  const report: SealReport = { sealed: 0, resealed: 0, older: 0, current: 0, unreadable: [] };
  for (const row of await listClientSecrets(db)) {
    let plain: string;
    try {
      plain = openClientSecret(box, row.clntSecret);
    } catch (error) {
      if (!(error instanceof SecretBoxError)) throw error;
      report.unreadable.push({ clntid: row.clntid, keyId: error.keyId, reason: error.message });
      continue;
    }
    if (box.isCurrent(row.clntSecret)) {
      report.current++;
    } else if (!isSealed(row.clntSecret)) {
      if (
        await replaceClientSecret(
          db,
          row.clntid,
          row.clntSecret,
          box.seal(plain, CLIENT_SECRET_CONTEXT),
        )
      )
        report.sealed++;
    } else if (options.rotate) {
      if (
        await replaceClientSecret(
          db,
          row.clntid,
          row.clntSecret,
          box.seal(plain, CLIENT_SECRET_CONTEXT),
        )
      )
        report.resealed++;
    } else {
      report.older++;
    }
  }
  return report;
}

/** One line naming the clients whose secrets no key opens, the keys they need and the fix. */
export function describeUnreadable(
  unreadable: readonly UnreadableSecret[],
  box: SecretBox,
): string {
  const ids =
    unreadable
      .slice(0, 10)
      .map((u) => u.clntid)
      .join(', ') + (unreadable.length > 10 ? ', …' : '');
  const needed = [
    ...new Set(unreadable.map((u) => u.keyId).filter((id): id is string => id !== null)),
  ];
  const keys = `the data keys given are ${box.keyIds.join(' (current), ')}${box.keyIds.length > 1 ? ' (previous)' : ' (current)'}`;
  const reasons =
    needed.length > 0
      ? `they are sealed under data key ${needed.join(', ')}, ${keys}`
      : `${unreadable[0]?.reason ?? ''} (${keys})`;
  return (
    `${unreadable.length} client secret(s) cannot be decrypted (clntid ${ids}): ${reasons}. ` +
    'Fix: set DATA_KEY to the key they were sealed with, or set it as DATA_KEY_PREVIOUS and run npm run data-key:rotate.'
  );
}

/** The start-up step: plain secrets sealed; refuses to start (one line) when a stored secret does not open. */
export async function prepareClientSecrets(db: DbOrTx, box: SecretBox): Promise<SealReport> {
  const report = await sealClientSecrets(db, box, { rotate: false });
  if (report.unreadable.length > 0)
    throw new ConfigError(`DATA_KEY: ${describeUnreadable(report.unreadable, box)}`);
  return report;
}
