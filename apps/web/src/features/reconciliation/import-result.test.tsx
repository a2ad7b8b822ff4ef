import { render, screen } from '@testing-library/react';
import type { AccountImportResult } from '@tagih/contract';
import { describe, expect, it } from 'vitest';
import { ImportResult } from './import-dialog.tsx';

const NO_BREAKS = { missing_at_bank: 0, missing_in_tagih: 0, amount: 0, status: 0, duplicate: 0 };
const account = (over: Partial<AccountImportResult>): AccountImportResult => ({
  stmtId: 1,
  alreadyImported: false,
  format: 'mt940',
  baccId: 1,
  lines: 1,
  skippedLines: 0,
  pendingLines: 0,
  credits: 1,
  matched: 1,
  balanceChecked: true,
  breaks: NO_BREAKS,
  expected: 0,
  ...over,
});

describe('ImportResult', () => {
  it('a file of one account: one summary, its account not named', () => {
    render(<ImportResult result={account({ accountNo: '0123456789012' })} />);
    const result = screen.getByLabelText('Hasil impor');
    expect(result).toHaveTextContent('Mutasi berhasil diimpor.');
    expect(result).not.toHaveTextContent('Rekening');
  });

  it('a file of several accounts: how many, then each account named with its own lines and breaks', () => {
    render(
      <ImportResult
        result={{
          ...account({ stmtId: 7, accountNo: '0123456789012', lines: 10, credits: 8, matched: 8 }),
          moreAccounts: [
            account({
              stmtId: 8,
              baccId: 2,
              accountNo: '5550001112223',
              lines: 3,
              credits: 2,
              matched: 1,
              breaks: { ...NO_BREAKS, missing_in_tagih: 1 },
            }),
          ],
        }}
      />,
    );
    const result = screen.getByLabelText('Hasil impor');
    expect(result).toHaveTextContent('Mutasi 2 rekening berhasil diimpor.');
    expect(screen.getByText('Rekening 0123456789012')).toBeVisible();
    expect(screen.getByText('Rekening 5550001112223')).toBeVisible();
    expect(result).toHaveTextContent('10 baris baru (0 sudah ada), 8 kredit, 8 cocok (100%).');
    expect(result).toHaveTextContent('3 baris baru (0 sudah ada), 2 kredit, 1 cocok (50%).');
    expect(result).toHaveTextContent('Selisih: Tidak ada di Tagih 1.');
  });
});
