import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES, type TransactionVaRow } from '@tagih/contract';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { clickTwiceAtOnce } from '../../test/click-twice.ts';
import { catchDownloads } from '../../test/downloads.ts';
import { deferred, fakeApi, type FakeHandler } from '../../test/fake-api.ts';
import { envelopeResponse, renderUi } from '../../test/render.tsx';
import { TransactionVaScreen } from './transaction-screens.tsx';
import { loadLazyParts } from '../../test/lazy-parts.ts';

beforeAll(loadLazyParts, 60_000);

const LIST = '/api/dashboard/transactionVa/';
const XLSX = '/api/dashboard/transactionVa/export.xlsx';
const ACCESS = { dashboard_transactionva: ['read' as const] };

const base: TransactionVaRow = {
  trctId: 0,
  trctOrderId: '',
  trctVirtualAccountNo: null,
  trctVirtualAccountName: null,
  trctBank: null,
  trctTotalAmount: null,
  trctTotalAmountPaid: null,
  trctCreatedTime: '2025-03-10T03:04:05.000Z',
  trvaExpiredDate: null,
  trctLunasTime: null,
  trctStatus: '03',
  trvaVirtualAccountNo: null,
  trvaVirtualAccountName: null,
  notification: [],
};

const ROWS: TransactionVaRow[] = [
  {
    ...base,
    trctId: 3,
    trctOrderId: 'INV-003',
    trctVirtualAccountNo: '8808123',
    trctVirtualAccountName: 'Budi',
    trctBank: 'BRI',
    trctTotalAmount: 150000,
  },
  {
    ...base,
    trctId: 2,
    trctOrderId: 'INV-002',
    trctBank: 'BJB',
    trctTotalAmount: 1234567.5,
    trctTotalAmountPaid: 1234567.5,
    trctLunasTime: '2025-03-10T17:30:00.000Z',
    trctStatus: '00',
    notification: { notiStatus: 2 },
  },
  { ...base, trctId: 1, trctOrderId: 'INV-001', trctStatus: '05', notification: { notiStatus: 1 } },
];

function listAnswer(
  rows: TransactionVaRow[] = ROWS,
  total = { nominal_lunas: 1234567.5, count_lunas: 1 },
) {
  return envelopeResponse({
    data: rows,
    total,
    pagination: { totalData: rows.length, totalPage: 1, page: 1, itemPerPage: 10 },
    fields: [],
  });
}

function start(handlers: Record<string, FakeHandler> = {}) {
  const api = fakeApi(ACCESS, { [`GET ${LIST}`]: () => listAnswer(), ...handlers });
  renderUi(<TransactionVaScreen />);
  return { api, lastList: () => api.callsTo('GET', LIST).at(-1)!.url.searchParams };
}

const rowOf = async (orderId: string) => (await screen.findByText(orderId)).closest('tr')!;

const dayButton = (calendar: HTMLElement, day: string) =>
  calendar.querySelector<HTMLElement>(`td[data-day="${day}"] button`)!;

afterEach(() => vi.useRealTimers());

// Full user flows through MUI and the data grid: slow in jsdom when the whole suite runs.
describe('Transaction VA screen', { timeout: 20_000 }, () => {
  it('shows the rows with Rupiah, Jakarta times, status and notification chips, and N/A', async () => {
    start();
    const unpaid = await rowOf('INV-003');
    expect(within(unpaid).getByText('8808123')).toBeInTheDocument();
    expect(within(unpaid).getByText('Rp. 150.000,00')).toBeInTheDocument();
    expect(within(unpaid).getByText('2025-03-10 10:04:05')).toBeInTheDocument();
    expect(within(unpaid).getByText('Belum Lunas')).toBeInTheDocument();
    // no paid amount, no expiry, no paid time, no notification
    expect(within(unpaid).getAllByText('N/A')).toHaveLength(4);

    const paid = await rowOf('INV-002');
    expect(within(paid).getAllByText('Rp. 1.234.567,50')).toHaveLength(2);
    expect(within(paid).getByText('2025-03-11 00:30:00')).toBeInTheDocument();
    expect(within(paid).getByText('Lunas').closest('.MuiChip-root')).toHaveClass(
      'MuiChip-colorSuccess',
    );
    expect(within(paid).getByText('Sukses')).toBeInTheDocument();

    const expired = await rowOf('INV-001');
    expect(within(expired).getByText('Kadaluarsa').closest('.MuiChip-root')).toHaveClass(
      'MuiChip-colorError',
    );
    expect(within(expired).getByText('Pending')).toBeInTheDocument();
    expect(within(unpaid).getByText('Belum Lunas').closest('.MuiChip-root')).toHaveClass(
      'MuiChip-colorWarning',
    );

    for (const header of [
      'Order ID',
      'No. VA',
      'Nama',
      'Bank',
      'Total',
      'Dibayar',
      'Tanggal Dibuat',
      'Kadaluarsa',
      'Tanggal Lunas',
      'Status',
      'Notifikasi',
      'Actions',
    ]) {
      expect(screen.getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
  });

  it('sums the paid transactions in the blue Status Pelunasan card', async () => {
    start();
    await rowOf('INV-003');
    const card = screen.getByText('Status Pelunasan').closest<HTMLElement>('.MuiCard-root')!;
    expect(within(card).getByText('Nominal')).toBeInTheDocument();
    expect(within(card).getByText('Rp. 1.234.567,50')).toBeInTheDocument();
    expect(within(card).getByText('Jumlah Transaksi').nextSibling).toHaveTextContent('1');
  });

  it('shows 0 in the card when nothing is paid', async () => {
    start({ [`GET ${LIST}`]: () => listAnswer([], { nominal_lunas: 0, count_lunas: 0 }) });
    expect(await screen.findByText('No data available')).toBeInTheDocument();
    expect(screen.getByText('Nominal').nextSibling).toHaveTextContent(/^0$/);
    expect(screen.getByText('Jumlah Transaksi').nextSibling).toHaveTextContent(/^0$/);
  });

  it('asks for today in Asia/Jakarta by default, newest first by created time', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-03-10T20:00:00Z')); // already 11 March in Jakarta
    const { lastList } = start();
    await rowOf('INV-003');
    const query = lastList();
    expect(query.get('from')).toBe('2025-03-11');
    expect(query.get('to')).toBe('2025-03-11');
    expect(query.get('page')).toBe('1');
    expect(query.get('max')).toBe('10');
    expect(query.get('orderField')).toBe('trctCreatedTime');
    expect(query.get('orderValue')).toBe('desc');
    expect(screen.getByPlaceholderText('Select Date Range')).toHaveValue('2025-03-11 - 2025-03-11');
  });

  it('opens the work queue oldest first, and a chosen sort wins over both defaults', async () => {
    const user = userEvent.setup();
    const { lastList } = start();
    await rowOf('INV-003');
    await user.click(screen.getByRole('button', { name: /Perlu tindakan/ }));
    await waitFor(() => expect(lastList().get('queue')).toBe('attention'));
    expect(lastList().get('orderField')).toBe('trctCreatedTime');
    expect(lastList().get('orderValue')).toBe('asc');
    await user.click(screen.getByRole('button', { name: /^Order ID$/ }));
    await waitFor(() => expect(lastList().get('orderField')).toBe('trctOrderId'));
    expect(lastList().get('orderValue')).toBe('asc');
  });

  it('says an exact id was found on every date, with "semua tanggal" beside the range', async () => {
    const user = userEvent.setup();
    const old = {
      ...ROWS[0]!,
      trctOrderId: 'DEMO-24NOV-0001',
      trctCreatedTime: '2025-02-24T03:00:00.000Z',
    };
    start({
      [`GET ${LIST}`]: (request) =>
        request.url.searchParams.get('finds[trctOrderId]') === 'DEMO-24NOV-0001'
          ? envelopeResponse({
              data: [old],
              total: { nominal_lunas: 0, count_lunas: 0 },
              pagination: { totalData: 1, totalPage: 1, page: 1, itemPerPage: 10 },
              fields: [],
              searchedAllDates: true,
            })
          : listAnswer(),
    });
    await rowOf('INV-003');
    expect(screen.queryByTestId('all-dates-chip')).toBeNull();
    await user.type(screen.getByRole('textbox', { name: 'Search Order ID..' }), 'DEMO-24NOV-0001');
    await rowOf('DEMO-24NOV-0001');
    expect(await screen.findByTestId('all-dates-chip')).toHaveTextContent('semua tanggal');
    expect(screen.getByTestId('search-scope-note')).toHaveTextContent('dicari di semua tanggal');
  });

  it('says a search found nothing in the range and re-runs it on the whole history', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-03-10T05:00:00Z'));
    const user = userEvent.setup();
    const { lastList } = start({
      [`GET ${LIST}`]: (request) =>
        request.url.searchParams.get('finds[trctOrderId]') === 'INV-0'
          ? listAnswer([])
          : listAnswer(),
    });
    await rowOf('INV-003');
    await user.type(screen.getByRole('textbox', { name: 'Search Order ID..' }), 'INV-0');
    const note = await screen.findByTestId('search-scope-note');
    expect(note).toHaveTextContent('Tidak ada hasil untuk “INV-0” pada rentang tanggal ini.');
    await user.click(within(note).getByRole('button', { name: 'Cari di semua tanggal' }));
    await waitFor(() => expect(lastList().get('from')).toBe('1970-01-01'));
    expect(lastList().get('to')).toBe('2025-03-10');
    expect(lastList().get('finds[trctOrderId]')).toBe('INV-0');
    expect(await screen.findByTestId('all-dates-chip')).toBeInTheDocument();
    // On the whole history, nothing found is just that: no offer to widen again.
    expect(screen.queryByRole('button', { name: 'Cari di semua tanggal' })).toBeNull();
  });

  it('asks for a picked range, and clearing the range goes back to today', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-03-10T20:00:00Z'));
    const user = userEvent.setup();
    const { lastList } = start();
    await rowOf('INV-003');
    await user.click(screen.getByPlaceholderText('Select Date Range'));
    const calendar = await screen.findByRole('dialog');
    await within(calendar).findByRole('grid'); // the calendar's own chunk has loaded
    await user.click(dayButton(calendar, '2025-03-03'));
    await user.click(dayButton(calendar, '2025-03-05'));
    await waitFor(() => expect(lastList().get('from')).toBe('2025-03-03'));
    expect(lastList().get('to')).toBe('2025-03-05');

    await user.click(screen.getByRole('button', { name: 'Clear date range' }));
    expect(screen.getByPlaceholderText('Select Date Range')).toHaveValue('2025-03-11 - 2025-03-11');
    await waitFor(() => expect(lastList().get('from')).toBe('2025-03-11'));
    expect(lastList().get('to')).toBe('2025-03-11');
  });

  it('searches the chosen field after a pause, and a new search-by field clears the text', async () => {
    const user = userEvent.setup();
    const { lastList } = start();
    await rowOf('INV-003');
    await user.type(screen.getByRole('textbox', { name: 'Search Order ID..' }), 'INV-00');
    await waitFor(() => expect(lastList().get('finds[trctOrderId]')).toBe('INV-00'));

    await user.click(screen.getByRole('combobox', { name: 'Search by' }));
    await user.click(screen.getByRole('option', { name: 'Nama' }));
    const box = screen.getByRole('textbox', { name: 'Search Nama..' });
    expect(box).toHaveValue('');
    await waitFor(() => expect(lastList().has('finds[trctOrderId]')).toBe(false));
    expect(lastList().has('finds[trvaVirtualAccountName]')).toBe(false);

    await user.type(box, 'Budi');
    await waitFor(() => expect(lastList().get('finds[trvaVirtualAccountName]')).toBe('Budi'));
  });

  it('filters by bank and status, and Refresh clears search and filter', async () => {
    const user = userEvent.setup();
    const { lastList } = start();
    await rowOf('INV-003');
    await user.click(screen.getByRole('button', { name: 'Filter Data' }));
    expect(screen.getByRole('button', { name: 'CLEAR FILTER' })).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'By Bank' }), 'BRI');
    await user.click(screen.getByRole('combobox', { name: 'By Status' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'All',
      'Belum Lunas',
      'Lunas',
      'Kadaluarsa',
    ]);
    await user.click(screen.getByRole('option', { name: 'Lunas' }));
    await user.click(screen.getByRole('button', { name: 'Apply Filter' }));
    await waitFor(() => expect(lastList().get('finds[trctBank]')).toBe('BRI'));
    expect(lastList().get('finds[trctStatus][equal]')).toBe('00');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.type(screen.getByRole('textbox', { name: 'Search Order ID..' }), 'INV');
    await waitFor(() => expect(lastList().get('finds[trctOrderId]')).toBe('INV'));
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(screen.getByRole('textbox', { name: 'Search Order ID..' })).toHaveValue('');
    await waitFor(() => expect(lastList().has('finds[trctBank]')).toBe(false));
    expect(lastList().has('finds[trctStatus][equal]')).toBe(false);
    expect(lastList().has('finds[trctOrderId]')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Filter Data' }));
    expect(screen.getByRole('textbox', { name: 'By Bank' })).toHaveValue('');
    expect(screen.getByRole('button', { name: 'CLEAR FILTER' })).toBeDisabled();
  });

  it('enables Inquiry only for Belum Lunas and Notif only for Lunas', async () => {
    start();
    const button = async (orderId: string, name: string) =>
      within(await rowOf(orderId)).getByRole('button', { name });
    expect(await button('INV-003', 'Inquiry')).toBeEnabled();
    expect(await button('INV-003', 'Notif')).toBeDisabled();
    expect(await button('INV-002', 'Inquiry')).toBeDisabled();
    expect(await button('INV-002', 'Notif')).toBeEnabled();
    expect(await button('INV-001', 'Inquiry')).toBeDisabled();
    expect(await button('INV-001', 'Notif')).toBeDisabled();
  });

  it('confirms an inquiry, shows Mengirim.. until the answer, then toasts and reloads the list', async () => {
    const user = userEvent.setup();
    const answer = deferred<Response>();
    const { api } = start({
      'POST /api/dashboard/transactionVa/inquiry_status/3': () => answer.promise,
    });
    await user.click(within(await rowOf('INV-003')).getByRole('button', { name: 'Inquiry' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent('Kirim inquiry untuk transaksi dengan order id INV-003?');
    expect(dialog).toHaveStyle({ width: '480px' });
    expect(within(dialog).getByRole('button', { name: 'Batal' })).toBeEnabled();
    const listCalls = api.callsTo('GET', LIST).length;

    await user.click(within(dialog).getByRole('button', { name: 'Kirim' }));
    expect(within(dialog).getByRole('button', { name: 'Mengirim..' })).toBeDisabled();
    expect(
      api.callsTo('POST', '/api/dashboard/transactionVa/inquiry_status/3')[0]!.headers
        .Authentication,
    ).toBe('token-1');

    answer.resolve(
      envelopeResponse(
        {
          trctId: 3,
          trctStatus: '00',
          paid: true,
          bankResponseCode: '2002600',
          notification: null,
        },
        { message: 'Bank BRI: paid, order INV-003 is now Lunas' },
      ),
    );
    expect(await screen.findByText('Berhasil mengirim inquiry status.')).toBeInTheDocument();
    expect(screen.getByText('Bank BRI: paid, order INV-003 is now Lunas')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(api.callsTo('GET', LIST).length).toBeGreaterThan(listCalls));
  });

  it('Kirim clicked twice sends one inquiry; the dialog closes with its answer, no failure', async () => {
    const user = userEvent.setup();
    const answer = deferred<Response>();
    const INQUIRY = '/api/dashboard/transactionVa/inquiry_status/3';
    // A second inquiry of the same transaction would be throttled (429).
    let sent = 0;
    const { api } = start({
      [`POST ${INQUIRY}`]: () =>
        ++sent === 1
          ? answer.promise
          : envelopeResponse(null, { status: 429, error: 1, message: 'checked moments ago' }),
    });
    await user.click(within(await rowOf('INV-003')).getByRole('button', { name: 'Inquiry' }));
    clickTwiceAtOnce(within(screen.getByRole('dialog')).getByRole('button', { name: 'Kirim' }));
    await waitFor(() => expect(api.callsTo('POST', INQUIRY)).toHaveLength(1));
    answer.resolve(
      envelopeResponse(
        {
          trctId: 3,
          trctStatus: '03',
          paid: false,
          bankResponseCode: '2002600',
          notification: null,
        },
        { message: 'Bank BRI: belum dibayar' },
      ),
    );
    expect(await screen.findByText('Berhasil mengirim inquiry status.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('POST', INQUIRY)).toHaveLength(1);
    expect(screen.queryByText('Gagal mengirim inquiry status')).toBeNull();
  });

  it('cancels with Batal without calling the server', async () => {
    const user = userEvent.setup();
    const { api } = start();
    await user.click(within(await rowOf('INV-002')).getByRole('button', { name: 'Notif' }));
    expect(screen.getByRole('dialog')).toHaveTextContent(
      'Kirim notifikasi untuk transaksi dengan order id INV-002?',
    );
    await user.click(screen.getByRole('button', { name: 'Batal' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it("says 'Gagal mengirim inquiry status' with the server's message", async () => {
    const user = userEvent.setup();
    start({
      'POST /api/dashboard/transactionVa/inquiry_status/3': () =>
        envelopeResponse(
          { bankResponseCode: '5042600' },
          { status: 504, error: 1, message: 'Bank BRI did not answer in 10 s' },
        ),
    });
    await user.click(within(await rowOf('INV-003')).getByRole('button', { name: 'Inquiry' }));
    await user.click(screen.getByRole('button', { name: 'Kirim' }));
    expect(await screen.findByText('Gagal mengirim inquiry status')).toBeInTheDocument();
    expect(screen.getByText('Bank BRI did not answer in 10 s')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('falls back to the HTTP error when the failure has no envelope', async () => {
    const user = userEvent.setup();
    start({
      'POST /api/dashboard/transactionVa/inquiry_status/3': () =>
        new Response('<html>', { status: 502, statusText: 'Bad Gateway' }),
    });
    await user.click(within(await rowOf('INV-003')).getByRole('button', { name: 'Inquiry' }));
    await user.click(screen.getByRole('button', { name: 'Kirim' }));
    expect(await screen.findByText('Gagal mengirim inquiry status')).toBeInTheDocument();
    expect(screen.getByText('Bad Gateway')).toBeInTheDocument();
  });

  it('sends a notification and says so', async () => {
    const user = userEvent.setup();
    const { api } = start({
      'POST /api/dashboard/transactionVa/send_notification/2': () =>
        envelopeResponse({
          responseCode: 200,
          responseMessage: 'Delivered: merchant answered HTTP 200',
          notiId: 7,
          notiStatus: 2,
        }),
    });
    await user.click(within(await rowOf('INV-002')).getByRole('button', { name: 'Notif' }));
    await user.click(screen.getByRole('button', { name: 'Kirim' }));
    expect(await screen.findByText('Berhasil mengirim notifikasi.')).toBeInTheDocument();
    expect(screen.getByText('Delivered: merchant answered HTTP 200')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/dashboard/transactionVa/send_notification/2')).toHaveLength(1);
  });

  it("says 'Gagal mengirim notifikasi' with the response message when the merchant refuses", async () => {
    const user = userEvent.setup();
    start({
      'POST /api/dashboard/transactionVa/send_notification/2': () =>
        envelopeResponse(
          {
            responseCode: 400,
            responseMessage: 'Merchant answered HTTP 500',
            notiId: 7,
            notiStatus: 1,
          },
          { status: 502, error: 1, message: 'Merchant answered HTTP 500' },
        ),
    });
    await user.click(within(await rowOf('INV-002')).getByRole('button', { name: 'Notif' }));
    await user.click(screen.getByRole('button', { name: 'Kirim' }));
    expect(await screen.findByText('Gagal mengirim notifikasi')).toBeInTheDocument();
    expect(screen.getByText('Merchant answered HTTP 500')).toBeInTheDocument();
  });

  it('exports the filtered list as transactions_VA.csv from the streamed endpoint', async () => {
    const user = userEvent.setup();
    const saved = catchDownloads();
    const { api, lastList } = start({
      'GET /api/dashboard/transactionVa/export.csv': () =>
        new Response('"Order ID"\r\n"INV-003"\r\n', { headers: { 'Content-Type': 'text/csv' } }),
    });
    await rowOf('INV-003');
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(saved).toEqual(['transactions_VA.csv']));
    const request = api.callsTo('GET', '/api/dashboard/transactionVa/export.csv')[0]!;
    expect(request.headers.Authentication).toBe('token-1');
    expect(request.url.searchParams.get('from')).toBe(lastList().get('from'));
    expect(request.url.searchParams.has('max')).toBe(false);
  });

  it('downloads the same rows as transactions_VA.xlsx with Unduh Excel, both buttons waiting meanwhile', async () => {
    const user = userEvent.setup();
    const saved = catchDownloads();
    const answer = deferred<Response>();
    const { api, lastList } = start({ [`GET ${XLSX}`]: () => answer.promise });
    await rowOf('INV-003');
    await user.click(screen.getByRole('button', { name: 'Unduh Excel' }));
    expect(screen.getByRole('button', { name: 'Unduh Excel' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Export' })).toBeDisabled();
    answer.resolve(new Response(new Uint8Array([0x50, 0x4b, 0x03, 0x04])));
    await waitFor(() => expect(saved).toEqual(['transactions_VA.xlsx']));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Export' })).toBeEnabled());
    expect(screen.getByRole('button', { name: 'Unduh Excel' })).toBeEnabled();
    const request = api.callsTo('GET', XLSX)[0]!;
    expect(request.headers.Authentication).toBe('token-1');
    expect(request.url.searchParams.get('from')).toBe(lastList().get('from'));
    expect(request.url.searchParams.get('to')).toBe(lastList().get('to'));
    expect(api.callsTo('GET', '/api/dashboard/transactionVa/export.csv')).toHaveLength(0);
  });

  it("says 'Gagal mengekspor data' with the server's reason when the workbook is refused", async () => {
    const user = userEvent.setup();
    const saved = catchDownloads();
    const reason = MESSAGES.largeReadInProgress;
    start({
      [`GET ${XLSX}`]: () => envelopeResponse(null, { status: 429, error: 1, message: reason }),
    });
    await rowOf('INV-003');
    await user.click(screen.getByRole('button', { name: 'Unduh Excel' }));
    expect(await screen.findByText('Gagal mengekspor data')).toBeInTheDocument();
    expect(screen.getByText(reason)).toBeInTheDocument();
    expect(saved).toEqual([]);
  });
});
