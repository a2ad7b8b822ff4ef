import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import {
  DEFAULT_BUSINESS_TZ,
  formatDateTime,
  formatRupiah,
  type TransactionDetail,
} from '@tagih/contract';
import type { ReactNode } from 'react';
import { EMPTY_CELL } from '../../../components/empty-cell.ts';
import { NotificationStatusChip } from '../../../monitoring/notification-status-chip.tsx';
import { TransactionStatusChip } from '../transaction-chips.tsx';
import { CopyButton } from '../../../components/copy-button.tsx';

export interface DetailField {
  label: string;
  value: ReactNode;
  /** Shown with a copy button (ids). */
  copy?: string | null;
}

const text = (value: string | number | null | undefined): string =>
  value === null || value === undefined || value === '' ? EMPTY_CELL : String(value);
const time = (value: string | null | undefined): string =>
  text(formatDateTime(value ?? null, DEFAULT_BUSINESS_TZ));
const money = (value: number | null): string => (value === null ? EMPTY_CELL : formatRupiah(value));

/** Every field of the transaction, its VA or QRIS detail and its notification, in sections. */
export function detailSections(
  detail: TransactionDetail,
): { title: string; fields: DetailField[] }[] {
  const t = detail.transaction;
  const sections: { title: string; fields: DetailField[] }[] = [
    {
      title: 'Transaksi',
      fields: [
        { label: 'Order ID', value: t.trctOrderId, copy: t.trctOrderId },
        { label: 'ID Transaksi', value: String(t.trctId), copy: String(t.trctId) },
        { label: 'Jenis', value: t.trctType },
        { label: 'Status', value: <TransactionStatusChip status={t.trctStatus} /> },
        { label: 'Bank', value: text(t.trctBank) },
        { label: 'Jumlah', value: money(t.trctTotalAmount) },
        { label: 'Jumlah Dibayar', value: money(t.trctTotalAmountPaid) },
        { label: 'Tanggal Dibuat', value: time(t.trctCreatedTime) },
        { label: 'Tanggal Lunas', value: time(t.trctLunasTime) },
        { label: 'Terakhir Diubah', value: time(t.trctUpdatedTime) },
      ],
    },
  ];
  if (detail.va) {
    const v = detail.va;
    sections.push({
      title: 'Virtual Account',
      fields: [
        { label: 'No. VA', value: text(t.trctVirtualAccountNo), copy: t.trctVirtualAccountNo },
        { label: 'Nama', value: text(t.trctVirtualAccountName) },
        {
          label: 'No. VA (bank)',
          value: text(v.trvaVirtualAccountNo),
          copy: v.trvaVirtualAccountNo,
        },
        { label: 'Nama (bank)', value: text(v.trvaVirtualAccountName) },
        { label: 'Partner Service ID', value: text(v.trvaPartnerServiceId.trim()) },
        { label: 'Customer No.', value: text(v.trvaCustomerNo), copy: v.trvaCustomerNo },
        { label: 'Tanggal Kadaluarsa', value: time(v.trvaExpiredDate) },
      ],
    });
  }
  if (detail.qr) {
    const q = detail.qr;
    sections.push({
      title: 'QRIS',
      fields: [
        { label: 'Nama', value: text(t.trctQrName) },
        { label: 'Bank QR', value: text(t.trctQrBank) },
        { label: 'Ref. No', value: text(q.trqrReferenceNo), copy: q.trqrReferenceNo },
        { label: 'Merchant ID', value: text(q.trqrMerchantId), copy: q.trqrMerchantId },
        { label: 'Jumlah QR', value: money(q.trqrTotalAmount) },
        { label: 'Tanggal QR', value: time(q.trqrCreatedTime) },
        { label: 'Tanggal Kadaluarsa', value: time(q.trqrExpiredDate) },
      ],
    });
  }
  const n = detail.notification;
  sections.push({
    title: 'Notifikasi',
    fields: n
      ? [
          { label: 'Notif Id', value: String(n.notiId), copy: String(n.notiId) },
          { label: 'Notif Status', value: <NotificationStatusChip status={n.notiStatus} /> },
          { label: 'Percobaan', value: String(n.notiAttempts) },
          { label: 'Dibuat', value: time(n.notiCreatedTime) },
          { label: 'Percobaan Berikutnya', value: time(n.notiNextAttemptAt) },
        ]
      : [{ label: 'Notif Status', value: EMPTY_CELL }],
  });
  return sections;
}

function FieldList({ fields }: { fields: DetailField[] }) {
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'minmax(140px, max-content) 1fr' },
        columnGap: 2,
        rowGap: { xs: 0, sm: 1 },
      }}
    >
      {fields.map((field) => (
        <Box key={field.label} sx={{ display: 'contents' }}>
          <Typography
            component="dt"
            variant="body2"
            color="text.secondary"
            sx={{
              pt: { xs: 1, sm: 0 },
              display: 'flex',
              alignItems: 'center',
              minHeight: { sm: 28 },
            }}
          >
            {field.label}
          </Typography>
          <Typography
            component="dd"
            variant="body2"
            sx={{
              m: 0,
              display: 'flex',
              alignItems: 'center',
              minHeight: 28,
              minWidth: 0,
              overflowWrap: 'anywhere',
            }}
          >
            <span>{field.value}</span>
            {field.copy ? <CopyButton label={field.label} value={field.copy} /> : null}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** The transaction's fields, one card per section. */
export function TransactionFields({ detail }: { detail: TransactionDetail }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
        alignItems: 'start',
      }}
    >
      {detailSections(detail).map((section) => (
        <Paper
          key={section.title}
          variant="outlined"
          component="section"
          aria-label={section.title}
          sx={{ p: 2 }}
        >
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
            {section.title}
          </Typography>
          <FieldList fields={section.fields} />
        </Paper>
      ))}
    </Box>
  );
}
