/**
 * The summary card's figures (spec §2 "Status Pelunasan": Nominal and Jumlah Transaksi of the paid
 * transactions) and, issue 11, each status's count and amount as a button that filters the list
 * by that status (clicking the chosen one again shows every status).
 */
import { TRANSACTION_STATUS, TRANSACTION_STATUSES, formatRupiah, type TransactionTotals } from '@tagih/contract';
import type { SummaryItem } from '../../components/summary-card.tsx';

export function transactionSummaryItems(
  total: TransactionTotals | undefined,
  chosenStatus: string,
  onChooseStatus: (status: string) => void,
): SummaryItem[] {
  const spec: SummaryItem[] = [
    { label: 'Nominal', value: total?.nominal_lunas ? formatRupiah(total.nominal_lunas) : 0 },
    { label: 'Jumlah Transaksi', value: total?.count_lunas ?? 0 },
  ];
  const byStatus = TRANSACTION_STATUSES.map((status): SummaryItem => {
    const figure = total?.by_status?.find((s) => s.status === status);
    const { label } = TRANSACTION_STATUS[status];
    const selected = chosenStatus === status;
    return {
      label,
      value: figure?.count ?? 0,
      detail: formatRupiah(figure?.amount ?? 0),
      selected,
      hint: selected ? 'Tampilkan semua status' : `Tampilkan hanya ${label}`,
      onClick: () => onChooseStatus(selected ? '' : status),
    };
  });
  return [...spec, ...byStatus];
}
