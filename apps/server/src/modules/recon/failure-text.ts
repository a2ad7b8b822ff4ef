/**
 * Why an import failed, as the operator reads it on the statements list (Indonesian): the kind of
 * refusal in a sentence, the line, and the parser's own words as the detail ("Rincian").
 */
const KINDS: [RegExp, string][] = [
  [/longer than \d+ bytes/, 'Baris terlalu panjang untuk mutasi rekening bank'],
  [
    /is not rupiah|currency/i,
    'Mata uang bukan rupiah (IDR); hanya mutasi rupiah yang direkonsiliasi',
  ],
  [
    /closing balance is|balance .* should be/,
    'Saldo tidak cocok: saldo awal + kredit − debit bukan saldo akhir',
  ],
  [/declares .* its lines hold/, 'Jumlah yang dinyatakan berkas tidak sama dengan baris-barisnya'],
  [/in the future/, 'Tanggal transaksi di masa depan'],
  [/outside the (statement's )?period/, 'Tanggal transaksi di luar periode mutasi'],
  [/is not a date|not a date/, 'Tanggal tidak valid'],
  [/is not an amount|not a positive amount|must be more than 0/, 'Nominal tidak valid'],
  [/one account per file/, 'Berkas berisi lebih dari satu rekening'],
  [/holds no statement lines/, 'Berkas tidak berisi baris mutasi'],
  [/appear again after other days/, 'Baris satu tanggal tidak berurutan'],
  [
    /no closing balance|no column header|not an MT940 line|must begin with|not readable as CSV/,
    'Format berkas tidak dikenali atau tidak lengkap',
  ],
];

/** "<kind> (baris N). Rincian: <reason>". */
export function failureText(lineNo: number | null, reason: string): string {
  const kind = KINDS.find(([pattern]) => pattern.test(reason))?.[1] ?? 'Berkas tidak dapat dibaca';
  return `${kind}${lineNo === null ? '' : ` (baris ${lineNo})`}. Rincian: ${reason}`;
}
