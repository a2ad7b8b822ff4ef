import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TransactionQrRow } from '@tagih/contract';
import { describe, expect, it } from 'vitest';
import { catchDownloads } from '../../test/downloads.ts';
import { fakeApi, type FakeHandler } from '../../test/fake-api.ts';
import { envelopeResponse, renderUi } from '../../test/render.tsx';
import { TransactionQrisScreen } from './transaction-screens.tsx';

const LIST = '/api/dashboard/transactionQr/';

const row = (
  trctId: number,
  orderId: string,
  extra: Partial<TransactionQrRow> = {},
): TransactionQrRow => ({
  no: 0,
  trctId,
  trctOrderId: orderId,
  trctQrName: 'Warung Sari',
  trctQrBank: 'BRI',
  trqrReferenceNo: `REF${trctId}`,
  trctTotalAmount: 25000,
  trctTotalAmountPaid: null,
  trctBank: 'BRI',
  trctCreatedTime: '2025-03-10T01:00:00.000Z',
  trqrCreatedTime: null,
  trctStatus: '03',
  notification: [],
  ...extra,
});

/** 12 rows in pages of 10, numbered by the server (No.). */
function page(n: number) {
  const rows =
    n === 1
      ? Array.from({ length: 10 }, (_, i) => row(100 - i, `QR-${i + 1}`, { no: i + 1 }))
      : [
          row(90, 'QR-11', { no: 11, trctStatus: '00', notification: { notiStatus: 1 } }),
          row(89, 'QR-12', { no: 12 }),
        ];
  return envelopeResponse({
    data: rows,
    total: { nominal_lunas: 25000, count_lunas: 1 },
    pagination: { totalData: 12, totalPage: 2, page: n, itemPerPage: 10 },
    fields: [],
  });
}

function start(handlers: Record<string, FakeHandler> = {}) {
  const api = fakeApi(
    { dashboard_transactionqr: ['read'] },
    {
      ...handlers,
      [`GET ${LIST}`]: ({ url }) => page(Number(url.searchParams.get('page'))),
      'POST /api/dashboard/transactionQr/send_notification/90': () =>
        envelopeResponse({
          responseCode: 200,
          responseMessage: 'Delivered',
          notiId: 1,
          notiStatus: 2,
        }),
    },
  );
  renderUi(<TransactionQrisScreen />);
  return api;
}

/** A row's cells as text, after its bulk-action checkbox. */
const cellTexts = (orderId: string) =>
  within(screen.getByText(orderId).closest('tr')!)
    .getAllByRole('cell')
    .filter((cell) => within(cell).queryByRole('checkbox', { name: 'Select row' }) === null)
    .map((cell) => cell.textContent);

describe('Transaction BRI QRIS screen', { timeout: 20_000 }, () => {
  it('shows the No. the server gives each row, across pages', async () => {
    const user = userEvent.setup();
    const api = start();
    expect(await screen.findByText('QR-10')).toBeInTheDocument();
    expect(cellTexts('QR-1')[0]).toBe('1');
    expect(cellTexts('QR-10')[0]).toBe('10');

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('QR-12')).toBeInTheDocument();
    expect(api.callsTo('GET', LIST).at(-1)!.url.searchParams.get('page')).toBe('2');
    expect(cellTexts('QR-11')).toEqual([
      '11',
      'QR-11',
      'Warung Sari',
      'BRI',
      'REF90',
      'Rp. 25.000,00',
      '2025-03-10 08:00:00',
      'Lunas',
      'Pending',
      'InquiryNotif',
    ]);
    expect(cellTexts('QR-12')[0]).toBe('12');
    expect(screen.getByText('Showing 11 to 12 of 12 entries')).toBeInTheDocument();
  });

  it('has the QRIS columns, searches by Ref. No. and sends to the QRIS endpoints', async () => {
    const user = userEvent.setup();
    const api = start();
    await screen.findByText('QR-10');
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual([
      '',
      'No.',
      'Order Id',
      'Nama',
      'Bank',
      'Ref. No',
      'Jumlah',
      'Tanggal',
      'Status',
      'Notifikasi',
      'Actions',
    ]);

    await user.click(screen.getByRole('combobox', { name: 'Search by' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Order ID',
      'Ref. No.',
    ]);
    await user.click(screen.getByRole('option', { name: 'Ref. No.' }));
    await user.type(screen.getByRole('textbox', { name: 'Search Ref. No...' }), 'REF9');
    await waitFor(() =>
      expect(api.callsTo('GET', LIST).at(-1)!.url.searchParams.get('finds[trqrReferenceNo]')).toBe(
        'REF9',
      ),
    );

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    const paid = (await screen.findByText('QR-11')).closest('tr')!;
    await user.click(within(paid).getByRole('button', { name: 'Notif' }));
    await user.click(screen.getByRole('button', { name: 'Kirim' }));
    expect(await screen.findByText('Berhasil mengirim notifikasi.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/dashboard/transactionQr/send_notification/90')).toHaveLength(
      1,
    );
  });

  it('downloads transactions_QRIS.csv with Export and transactions_QRIS.xlsx with Unduh Excel', async () => {
    const user = userEvent.setup();
    const saved = catchDownloads();
    const file = () => new Response('file');
    const api = start({
      'GET /api/dashboard/transactionQr/export.csv': file,
      'GET /api/dashboard/transactionQr/export.xlsx': file,
    });
    await screen.findByText('QR-10');
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(saved).toEqual(['transactions_QRIS.csv']));
    await user.click(screen.getByRole('button', { name: 'Unduh Excel' }));
    await waitFor(() => expect(saved).toEqual(['transactions_QRIS.csv', 'transactions_QRIS.xlsx']));
    expect(api.callsTo('GET', '/api/dashboard/transactionQr/export.csv')).toHaveLength(1);
    expect(api.callsTo('GET', '/api/dashboard/transactionQr/export.xlsx')).toHaveLength(1);
  });
});
