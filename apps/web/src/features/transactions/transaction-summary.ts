/**
 * The summary card's figures (spec §2 "Status Pelunasan": Nominal and Jumlah Transaksi of the paid
 * transactions) and each status's count and amount as a button that filters the list
 * by that status (clicking the chosen one again shows every status). When the server did not
 * count the rows (a broad search: pagination.totalCapped) the figures show a dash and
 * the card says why.
 */
import {
  TRANSACTION_STATUS,
  TRANSACTION_STATUSES,
  formatRupiah,
  type TransactionTotals,
} from '@tagih/contract';
import type { SummaryItem } from '../../components/summary-card.tsx';

/** Shown instead of a figure that was not counted. */
export const NOT_COUNTED = '—';

/** Why the figures are dashes: more rows matched than the server counts (`limit` = pagination.totalData). */
export function notCountedNote(limit: number): string {
  return `Lebih dari ${limit.toLocaleString('id-ID')} transaksi cocok, jadi totalnya tidak dihitung. Persempit pencarian atau rentang tanggal untuk melihat total.`;
}

export function transactionSummaryItems(
  total: TransactionTotals | undefined,
  chosenStatus: string,
  onChooseStatus: (status: string) => void,
): SummaryItem[] {
  const counted = total?.count_lunas !== null;
  const spec: SummaryItem[] = [
    {
      label: 'Nominal',
      value: !counted ? NOT_COUNTED : total?.nominal_lunas ? formatRupiah(total.nominal_lunas) : 0,
    },
    { label: 'Jumlah Transaksi', value: !counted ? NOT_COUNTED : (total?.count_lunas ?? 0) },
  ];
  const byStatus = TRANSACTION_STATUSES.map((status): SummaryItem => {
    const figure = total?.by_status?.find((s) => s.status === status);
    const { label } = TRANSACTION_STATUS[status];
    const selected = chosenStatus === status;
    return {
      label,
      value: counted ? (figure?.count ?? 0) : NOT_COUNTED,
      detail: counted ? formatRupiah(figure?.amount ?? 0) : undefined,
      selected,
      hint: selected ? 'Tampilkan semua status' : `Tampilkan hanya ${label}`,
      onClick: () => onChooseStatus(selected ? '' : status),
    };
  });
  return [...spec, ...byStatus];
}
