import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { NotificationDetail, NotificationRow } from '@tagih/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fake-api.ts';
import { envelopeResponse, renderUi } from '../../test/render.tsx';
import { NotificationsScreen } from './notifications-screen.tsx';

const LIST = '/api/dashboard/notification';

/** The list's answer: `data` as one page. */
const listAnswer = (data: NotificationRow[]) => () =>
  envelopeResponse({
    data,
    pagination: { totalData: data.length, totalPage: 1, page: 1, itemPerPage: 10 },
    fields: [],
  });

const row = (notiId: number, extra: Partial<NotificationRow> = {}): NotificationRow => ({
  notiId,
  notiTrctId: notiId * 10,
  notiOrderId: `INV-${notiId}`,
  trctVirtualAccountNo: '8808001',
  trctType: 'VA',
  notiStatus: 2,
  notiCreatedTime: '2025-03-10T03:00:00.000Z',
  notiAttempts: 1,
  notiNextAttemptAt: null,
  notiLastHttpStatus: 200,
  notiLastError: null,
  ...extra,
});

const FAILING = 'HTTP 500: {"ok":false,"error":"merchant is failing (simulated)"}';

const ROWS = [
  row(12, {
    notiStatus: 1,
    notiAttempts: 3,
    notiNextAttemptAt: '2025-03-10T03:16:00.000Z',
    notiLastHttpStatus: 500,
    notiLastError: FAILING,
  }),
  row(11, { notiOrderId: null, trctVirtualAccountNo: null }),
];

const REQUEST = JSON.stringify({
  url: 'http://127.0.0.1:8092/callbacks/1',
  body: { orderId: 'INV-12', amount: '150000.00' },
});

const detail: NotificationDetail = {
  ...ROWS[0]!,
  notification_history: [
    {
      nohiId: 1,
      nohiNotiId: 12,
      nohiRequest: REQUEST,
      nohiResponse: null,
      nohiCreatedTime: '2025-03-10T03:00:01.000Z',
    },
    {
      nohiId: 2,
      nohiNotiId: 12,
      nohiRequest: 'not json',
      nohiResponse: '{"status":200,"latencyMs":41,"body":"{\\"ok\\":true}"}',
      nohiCreatedTime: '2025-03-10T03:05:00.000Z',
    },
    {
      nohiId: 3,
      nohiNotiId: 12,
      nohiRequest: REQUEST,
      nohiResponse: '{"error":"No answer within 10 s","latencyMs":10002}',
      nohiCreatedTime: '2025-03-10T03:10:00.000Z',
    },
  ],
};

function start(
  access: Record<string, ('read' | 'create')[]> = { dashboard_notification: ['read'] },
) {
  const api = fakeApi(access, {
    [`GET ${LIST}`]: listAnswer(ROWS),
    [`GET ${LIST}/12`]: () =>
      envelopeResponse({
        ...detail,
        pagination: { totalData: 2, totalPage: 1, page: 1, itemPerPage: 2 },
      }),
  });
  renderUi(<NotificationsScreen />);
  return { api, lastList: () => api.callsTo('GET', LIST).at(-1)!.url.searchParams };
}

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr')!;

afterEach(() => vi.useRealTimers());

describe('Notifications screen', { timeout: 20_000 }, () => {
  it("lists the last 30 days' notifications, newest first, with status chips and N/A", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-03-10T18:00:00Z')); // 11 March in Jakarta
    const { lastList } = start();
    const pending = await rowOf('INV-12');
    expect(within(pending).getByText('Pending')).toBeInTheDocument();
    expect(within(pending).getByText('2025-03-10 10:00:00')).toBeInTheDocument();
    const empty = await rowOf('11');
    // Order Id, No. VA and, delivered, the next retry.
    expect(within(empty).getAllByText('N/A')).toHaveLength(3);
    expect(within(empty).getByText('Sukses')).toBeInTheDocument();
    expect(within(empty).getByText('HTTP 200')).toBeInTheDocument();
    expect(within(empty).queryByText(/^Gagal/)).not.toBeInTheDocument();
    expect(lastList().get('from')).toBe('2025-02-10');
    expect(lastList().get('to')).toBe('2025-03-11');
    expect(lastList().get('orderField')).toBe('notiCreatedTime');
    expect(lastList().get('orderValue')).toBe('desc');
    // First the checkboxes that pick rows for a bulk re-send.
    const [pick, ...headers] = screen.getAllByRole('columnheader');
    expect(within(pick!).getByRole('checkbox', { name: 'Select all rows' })).toBeInTheDocument();
    expect(headers.map((h) => h.textContent)).toEqual([
      'Notif Id',
      'Order Id',
      'No. VA',
      'Notif Status',
      'Hasil terakhir',
      'Coba lagi',
      'Created Time',
      'Actions',
    ]);
  });

  it('shows a failing notification failing: its attempts beside Pending, why the last one failed, the next retry', async () => {
    start();
    const failing = await rowOf('INV-12');
    const status = failing.querySelector('td[data-field="notiStatus"]')!;
    expect(within(status as HTMLElement).getByText('Pending')).toBeInTheDocument();
    expect(within(status as HTMLElement).getByText('Gagal · 3x')).toBeInTheDocument();
    const last = failing.querySelector('td[data-field="notiLastHttpStatus"]')!;
    expect(last).toHaveAttribute('data-label', 'Hasil terakhir');
    expect(within(last as HTMLElement).getByTitle(FAILING)).toHaveTextContent(FAILING);
    const next = failing.querySelector('td[data-field="notiNextAttemptAt"]')!;
    expect(next).toHaveAttribute('data-label', 'Coba lagi');
    expect(next).toHaveTextContent('2025-03-10 10:16:00');
  });

  it('says when the retries are used up, and when nothing was sent yet', async () => {
    fakeApi(
      { dashboard_notification: ['read'] },
      {
        [`GET ${LIST}`]: listAnswer([
          row(21, {
            notiStatus: 1,
            notiAttempts: 7,
            notiLastHttpStatus: null,
            notiLastError: 'No answer within 10 s',
          }),
          row(22, {
            notiStatus: 1,
            notiAttempts: 0,
            notiNextAttemptAt: '2025-03-10T03:00:00.000Z',
            notiLastHttpStatus: null,
          }),
        ]),
      },
    );
    renderUi(<NotificationsScreen />);
    const givenUp = await rowOf('INV-21');
    expect(within(givenUp).getByText('Gagal · 7x')).toBeInTheDocument();
    expect(within(givenUp).getByText('No answer within 10 s')).toBeInTheDocument();
    expect(within(givenUp).getByText('Tidak dicoba lagi')).toBeInTheDocument();
    const waiting = await rowOf('INV-22');
    expect(within(waiting).queryByText(/^Gagal/)).not.toBeInTheDocument();
    expect(within(waiting).getByText('Belum dikirim')).toBeInTheDocument();
    const next = waiting.querySelector('td[data-field="notiNextAttemptAt"]')!;
    expect(next).toHaveTextContent('2025-03-10 10:00:00');
  });

  it("Kirim ulang asks first, then sends the transaction's Notif of the row's kind and says how it went", async () => {
    const user = userEvent.setup();
    const sent: string[] = [];
    const answer = (message: string) => () =>
      envelopeResponse({ responseCode: 200, responseMessage: message, notiId: 12, notiStatus: 2 });
    const api = fakeApi(
      {
        dashboard_notification: ['read'],
        dashboard_transactionva: ['read'],
        dashboard_transactionqr: ['read'],
      },
      {
        [`GET ${LIST}`]: listAnswer([...ROWS, row(13, { trctType: 'QRIS', notiOrderId: 'QR-13' })]),
        'POST /api/dashboard/transactionVa/send_notification/120': (request) => {
          sent.push(request.url.pathname);
          return answer('Merchant menjawab HTTP 200')();
        },
        'POST /api/dashboard/transactionQr/send_notification/130': (request) => {
          sent.push(request.url.pathname);
          return answer('Merchant menjawab HTTP 200')();
        },
      },
    );
    renderUi(<NotificationsScreen />);
    await user.click(within(await rowOf('INV-12')).getByRole('button', { name: 'Kirim ulang' }));
    const dialog = await screen.findByRole('dialog', { name: 'Kirim Notifikasi' });
    expect(
      within(dialog).getByText('Kirim notifikasi untuk transaksi dengan order id INV-12?'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Batal' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toEqual([]);

    const listsBefore = api.callsTo('GET', LIST).length;
    await user.click(within(await rowOf('INV-12')).getByRole('button', { name: 'Kirim ulang' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Kirim Notifikasi' })).getByRole('button', {
        name: 'Kirim',
      }),
    );
    expect(await screen.findByText('Berhasil mengirim notifikasi.')).toBeInTheDocument();
    expect(sent).toEqual(['/api/dashboard/transactionVa/send_notification/120']);
    // The list reloads to show the new attempt.
    await waitFor(() => expect(api.callsTo('GET', LIST).length).toBeGreaterThan(listsBefore));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(within(await rowOf('QR-13')).getByRole('button', { name: 'Kirim ulang' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Kirim Notifikasi' })).getByRole('button', {
        name: 'Kirim',
      }),
    );
    await waitFor(() =>
      expect(sent).toEqual([
        '/api/dashboard/transactionVa/send_notification/120',
        '/api/dashboard/transactionQr/send_notification/130',
      ]),
    );
  });

  it('Kirim ulang tells why the server refused (a second press too soon)', async () => {
    const user = userEvent.setup();
    fakeApi(
      { dashboard_notification: ['read'], dashboard_transactionva: ['read'] },
      {
        [`GET ${LIST}`]: listAnswer(ROWS),
        'POST /api/dashboard/transactionVa/send_notification/120': () =>
          envelopeResponse(null, {
            status: 429,
            error: 1,
            message: 'Tunggu sebentar sebelum mengulang tindakan ini.',
          }),
      },
    );
    renderUi(<NotificationsScreen />);
    await user.click(within(await rowOf('INV-12')).getByRole('button', { name: 'Kirim ulang' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Kirim Notifikasi' })).getByRole('button', {
        name: 'Kirim',
      }),
    );
    expect(await screen.findByText('Gagal mengirim notifikasi')).toBeInTheDocument();
    expect(screen.getByText('Tunggu sebentar sebelum mengulang tindakan ini.')).toBeInTheDocument();
  });

  it("Kirim ulang needs the read permission of the row's transaction screen", async () => {
    fakeApi(
      { dashboard_notification: ['read'], dashboard_transactionva: ['read'] },
      {
        [`GET ${LIST}`]: listAnswer([...ROWS, row(13, { trctType: 'QRIS', notiOrderId: 'QR-13' })]),
      },
    );
    renderUi(<NotificationsScreen />);
    expect(
      within(await rowOf('INV-12')).getByRole('button', { name: 'Kirim ulang' }),
    ).toBeEnabled();
    expect(
      within(await rowOf('QR-13')).getByRole('button', { name: 'Kirim ulang' }),
    ).toBeDisabled();
  });

  it('clearing the date range goes back to the last 30 days', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-03-10T18:00:00Z'));
    const user = userEvent.setup();
    start();
    await rowOf('INV-12');
    await user.click(screen.getByRole('button', { name: 'Clear date range' }));
    expect(screen.getByPlaceholderText('Select Date Range')).toHaveValue('2025-02-10 - 2025-03-11');
  });

  it('searches by order id and filters by status', async () => {
    const user = userEvent.setup();
    const { lastList } = start();
    await rowOf('INV-12');
    await user.type(screen.getByRole('textbox', { name: 'Search Order ID Here' }), 'INV-1');
    await waitFor(() => expect(lastList().get('finds[notiOrderId]')).toBe('INV-1'));

    await user.click(screen.getByRole('button', { name: 'Filter Data' }));
    expect(screen.getByRole('button', { name: 'CLEAR FILTER' })).toBeDisabled();
    await user.click(screen.getByRole('combobox', { name: 'By Status' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'All',
      'Pending',
      'Success',
    ]);
    await user.click(screen.getByRole('option', { name: 'Success' }));
    await user.click(screen.getByRole('button', { name: 'Apply Filter' }));
    await waitFor(() => expect(lastList().get('finds[notiStatus]')).toBe('2'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(screen.getByRole('textbox', { name: 'Search Order ID Here' })).toHaveValue('');
    await waitFor(() => expect(lastList().has('finds[notiStatus]')).toBe(false));
    expect(lastList().has('finds[notiOrderId]')).toBe(false);
  });

  it('shows the history as a table of attempts; a row opens to its request and response, pretty', async () => {
    const user = userEvent.setup();
    start();
    await user.click(within(await rowOf('INV-12')).getByRole('button', { name: 'See History' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Notification History')).toBeInTheDocument();
    expect(within(dialog).getByText('See history of a notification data.')).toBeInTheDocument();
    const summary = await within(dialog).findByRole('group', { name: 'Ringkasan pengiriman' });
    expect(summary).toHaveTextContent('Notif Id 12 · Order Id INV-12');
    expect(within(summary).getByText('Gagal · 3x')).toBeInTheDocument();
    expect(summary).toHaveTextContent('Percobaan: 3 · Coba lagi: 2025-03-10 10:16:00');
    const table = within(dialog).getByRole('table', { name: 'Notification history' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Detail', 'Id', 'Notif Id', 'Request', 'Response', 'Created At']);
    const cells = (r: HTMLElement) =>
      within(r)
        .getAllByRole('cell')
        .slice(1)
        .map((c) => c.textContent);
    const [first, second, third] = within(table).getAllByRole('row').slice(1);
    expect(cells(first!)).toEqual([
      '1',
      '12',
      `POST ${JSON.parse(REQUEST).url}`,
      'N/A',
      '2025-03-10 10:00:01',
    ]);
    expect(cells(second!)).toEqual([
      '2',
      '12',
      'not json',
      'HTTP 200 · 41 ms · Terkirim',
      '2025-03-10 10:05:00',
    ]);
    expect(cells(third!)).toEqual([
      '3',
      '12',
      `POST ${JSON.parse(REQUEST).url}`,
      '10002 ms · Gagal: No answer within 10 s',
      '2025-03-10 10:10:00',
    ]);
    // No JSON until a row is opened.
    expect(dialog.querySelector('pre')).toBeNull();
    const open = within(first!).getByRole('button', { name: 'Request dan response #1' });
    expect(open).toHaveAttribute('aria-expanded', 'false');
    await user.click(open);
    expect(open).toHaveAttribute('aria-expanded', 'true');
    const request = within(dialog).getByRole('group', { name: 'Request #1' });
    expect(request.textContent).toBe(JSON.stringify(JSON.parse(REQUEST), null, 2));
    expect(request.textContent).toContain('\n  "body": {\n    "orderId": "INV-12",');
    const opened = open.closest('tr')!.nextElementSibling as HTMLElement;
    expect(within(opened).getByText('N/A')).toBeInTheDocument(); // no response
    await user.click(within(second!).getByRole('button', { name: 'Request dan response #2' }));
    expect(within(dialog).getByRole('group', { name: 'Request #2' })).toHaveTextContent('not json');
    expect(within(dialog).getByRole('group', { name: 'Response #2' }).textContent).toBe(
      '{\n  "status": 200,\n  "latencyMs": 41,\n  "body": "{\\"ok\\":true}"\n}',
    );
    await user.click(open);
    expect(within(dialog).queryByRole('group', { name: 'Request #1' })).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
  it('shows the columns the user chose on the server, in their order', async () => {
    fakeApi(
      { dashboard_notification: ['read'] },
      {
        [`GET ${LIST}`]: listAnswer(ROWS),
        'GET /api/preferences/notifications/columns': () =>
          envelopeResponse({ columns: ['notiStatus', 'notiOrderId'] }),
      },
    );
    renderUi(<NotificationsScreen />);
    await waitFor(() =>
      expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
        '',
        'Notif Status',
        'Order Id',
        'Actions',
      ]),
    );
  });

  it('asks the list the URL describes', async () => {
    const api = fakeApi(
      { dashboard_notification: ['read'] },
      {
        [`GET ${LIST}`]: listAnswer(ROWS),
      },
    );
    renderUi(
      <NotificationsScreen />,
      '/?q=INV-12&status=1&from=2025-03-01&to=2025-03-31&sort=-notiId&size=20',
    );
    await screen.findByText('INV-12');
    const asked = api.callsTo('GET', LIST).at(-1)!.url.searchParams;
    expect(Object.fromEntries(asked)).toMatchObject({
      'finds[notiOrderId]': 'INV-12',
      'finds[notiStatus]': '1',
      from: '2025-03-01',
      to: '2025-03-31',
      orderField: 'notiId',
      orderValue: 'desc',
      max: '20',
    });
    expect(screen.getByRole('textbox', { name: 'Search Order ID Here' })).toHaveValue('INV-12');
  });
});
