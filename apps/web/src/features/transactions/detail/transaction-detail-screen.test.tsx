import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TransactionDetail, TransactionVaRow } from '@tagih/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, type FakeHandler } from '../../../test/fake-api.ts';
import { envelopeResponse, renderRoutes } from '../../../test/render.tsx';
import { TransactionVaScreen } from '../transaction-screens.tsx';
import { TransactionVaDetailScreen } from './transaction-detail-screens.tsx';

const ACCESS = { dashboard_transactionva: ['read' as const] };
const DETAIL = '/api/dashboard/transactionVa/7';

const PAID: TransactionDetail = {
  transaction: {
    trctId: 7,
    trctType: 'VA',
    trctOrderId: 'INV-007',
    trctStatus: '00',
    trctBank: 'BRI',
    trctVirtualAccountNo: '77001081200000001',
    trctVirtualAccountName: 'Budi',
    trctQrName: null,
    trctQrBank: null,
    trctTotalAmount: 150000,
    trctTotalAmountPaid: 150000,
    trctCreatedTime: '2026-11-20T02:00:00.000Z',
    trctLunasTime: '2026-11-20T02:30:00.000Z',
    trctUpdatedTime: '2026-11-20T03:00:00.000Z',
  },
  va: {
    trvaPartnerServiceId: '   77001',
    trvaCustomerNo: '081200000001',
    trvaVirtualAccountNo: '77001081200000001',
    trvaVirtualAccountName: 'Nama Bank',
    trvaExpiredDate: null,
  },
  qr: null,
  notification: {
    notiId: 41,
    notiStatus: 2,
    notiAttempts: 1,
    notiCreatedTime: '2026-11-20T03:00:00.000Z',
    notiUpdatedTime: null,
    notiNextAttemptAt: null,
  },
  timeline: [
    { type: 'created', at: '2026-11-20T02:00:00.000Z' },
    { type: 'status', at: '2026-11-20T02:30:00.000Z', status: '00' },
    {
      type: 'inquiry',
      at: '2026-11-20T03:00:00.000Z',
      id: 1,
      bank: 'BRI',
      actor: 'budi',
      request: { bank: 'BRI', customerNo: '081200000001' },
      outcome: 'paid',
      responseCode: '2002600',
      message: null,
      httpStatus: null,
      latencyMs: 120,
    },
    {
      type: 'operator',
      at: '2026-11-20T03:00:00.000Z',
      id: 90,
      action: 'transaction.inquired',
      actor: 'budi',
      outcome: 'success',
      details: { outcome: 'paid' },
    },
    {
      type: 'notification',
      at: '2026-11-20T03:00:01.000Z',
      id: 5,
      notiId: 41,
      request: '{"method":"POST","body":{"orderId":"INV-007"}}',
      response: '{"status":200,"latencyMs":85,"body":"{\\"ok\\":true}"}',
      httpStatus: 200,
      latencyMs: 85,
      delivered: true,
    },
  ],
};

function start(handlers: Record<string, FakeHandler> = {}, path = '/dashboard/transaction-va/7') {
  const api = fakeApi(ACCESS, { [`GET ${DETAIL}`]: () => envelopeResponse(PAID), ...handlers });
  const routes = [
    { path: '/dashboard/transaction-va', element: <TransactionVaScreen /> },
    { path: '/dashboard/transaction-va/:trctId', element: <TransactionVaDetailScreen /> },
  ];
  return { api, ...renderRoutes(routes, path) };
}

afterEach(() => vi.unstubAllGlobals());

describe('Transaction detail view', { timeout: 20_000 }, () => {
  it('shows every field with Rupiah and Jakarta times, and copy buttons for the ids', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    start();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Detail Transaksi INV-007' }),
    ).toBeInTheDocument();
    const trx = screen.getByRole('region', { name: 'Transaksi' });
    expect(within(trx).getByText('INV-007')).toBeInTheDocument();
    expect(within(trx).getByText('Lunas')).toBeInTheDocument();
    expect(within(trx).getAllByText('Rp. 150.000,00')).toHaveLength(2);
    expect(within(trx).getByText('2026-11-20 09:00:00')).toBeInTheDocument();
    const va = screen.getByRole('region', { name: 'Virtual Account' });
    expect(within(va).getByText('Nama Bank')).toBeInTheDocument();
    expect(within(va).getByText('77001')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Notifikasi' })).getByText('Sukses'),
    ).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Salin Order ID' }));
    expect(writeText).toHaveBeenLastCalledWith('INV-007');
    await userEvent.click(screen.getByRole('button', { name: 'Salin ID Transaksi' }));
    expect(writeText).toHaveBeenLastCalledWith('7');
    await userEvent.click(screen.getByRole('button', { name: 'Salin No. VA' }));
    expect(writeText).toHaveBeenLastCalledWith('77001081200000001');
    expect(await screen.findByText('Order ID disalin')).toBeInTheDocument();
  });

  it('tells the story in time order: created, Lunas, the inquiry, the operator action, the delivery with its HTTP status and duration', async () => {
    start();
    const list = await screen.findByRole('list', { name: 'Riwayat transaksi' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => li.querySelector('p')?.textContent)).toEqual([
      'Transaksi dibuat',
      'Status menjadi Lunas',
      'Inquiry ke bank BRI: sudah dibayar',
      'Tindakan operator: Inquiry berhasil',
      'Notifikasi ke merchant: terkirim',
    ]);
    expect(within(items[2]!).getByText('oleh budi · kode 2002600 · 120 ms')).toBeInTheDocument();
    expect(within(items[4]!).getByText('HTTP 200 · 85 ms · Notif Id 41')).toBeInTheDocument();
    expect(within(items[0]!).getByText('2026-11-20 09:00:00')).toBeInTheDocument();
    // request and answer on demand
    await userEvent.click(within(items[4]!).getByText('Lihat detail'));
    expect(within(items[4]!).getByRole('group', { name: 'Response merchant' })).toHaveTextContent(
      '"status": 200',
    );
  });

  it('shows the bank statement line it was matched to, with a link to its break or to the statements', async () => {
    const statement = {
      type: 'statement',
      at: '2026-11-21T01:00:00.000Z',
      id: 12,
      stmtId: 3,
      rule: 'va',
      bank: 'BRI',
      accountNo: '0123456789012',
      day: '2026-11-20',
      amount: 150000,
      reference: 'FT1',
      narrative: 'TRANSFER VA',
    } as const;
    start({
      [`GET ${DETAIL}`]: () =>
        envelopeResponse({ ...PAID, timeline: [...PAID.timeline, { ...statement, rbrkId: 5 }] }),
    });
    const list = await screen.findByRole('list', { name: 'Riwayat transaksi' });
    const item = within(list).getAllByRole('listitem').at(-1)!;
    expect(item).toHaveTextContent('Tercatat di mutasi bank BRI 0123456789012');
    expect(within(item).getByRole('link', { name: 'Lihat selisih #5' })).toHaveAttribute(
      'href',
      '/dashboard/reconciliation/breaks/5',
    );
  });

  it('Notif from the detail view: confirm, send, and the view reloads; Inquiry is off for a paid one', async () => {
    const sent = vi.fn(() =>
      envelopeResponse(
        { responseCode: 200, responseMessage: 'Merchant answered HTTP 200' },
        { message: 'Merchant answered HTTP 200' },
      ),
    );
    const { api } = start({ 'POST /api/dashboard/transactionVa/send_notification/7': sent });
    await screen.findByRole('heading', { level: 1, name: 'Detail Transaksi INV-007' });
    expect(screen.getByRole('button', { name: 'Inquiry' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Notif' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Kirim notifikasi untuk transaksi dengan order id INV-007?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Kirim' }));
    await waitFor(() => expect(sent).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(api.callsTo('GET', DETAIL).length).toBe(2));
  });

  it('says so for an id of no transaction of this company', async () => {
    start({
      [`GET ${DETAIL}`]: () =>
        envelopeResponse(null, { status: 404, error: 1, message: 'Transaction 7 not found' }),
    });
    expect(
      await screen.findByText('Transaksi tidak ditemukan di perusahaan ini.'),
    ).toBeInTheDocument();
  });

  it('does not ask the server about an id that is not one', async () => {
    const { api } = start({}, '/dashboard/transaction-va/abc');
    expect(
      await screen.findByText('Transaksi tidak ditemukan di perusahaan ini.'),
    ).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/dashboard/transactionVa/abc')).toHaveLength(0);
  });

  it('a row of the list opens its detail view; its Inquiry button does not', async () => {
    const row: TransactionVaRow = {
      trctId: 7,
      trctOrderId: 'INV-007',
      trctVirtualAccountNo: null,
      trctVirtualAccountName: null,
      trctBank: 'BRI',
      trctTotalAmount: 1,
      trctTotalAmountPaid: null,
      trctCreatedTime: '2026-11-20T02:00:00.000Z',
      trvaExpiredDate: null,
      trctLunasTime: null,
      trctStatus: '03',
      trvaVirtualAccountNo: null,
      trvaVirtualAccountName: null,
      notification: [],
    };
    const list = () =>
      envelopeResponse({
        data: [row],
        total: { nominal_lunas: 0, count_lunas: 0 },
        pagination: { totalData: 1, totalPage: 1, page: 1, itemPerPage: 10 },
        fields: [],
      });
    const { router } = start(
      { 'GET /api/dashboard/transactionVa/': list },
      '/dashboard/transaction-va',
    );
    const cell = await screen.findByText('INV-007');
    await userEvent.click(within(cell.closest('tr')!).getByRole('button', { name: 'Inquiry' }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/transaction-va');
    await userEvent.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Batal' }),
    );
    await userEvent.click(cell);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/transaction-va/7'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Detail Transaksi INV-007' }),
    ).toBeInTheDocument();
  });
});
