import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { NotificationDetail, NotificationRow } from '@tagih/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fake-api.ts';
import { envelopeResponse, renderUi } from '../../test/render.tsx';
import { NotificationsScreen } from './notifications-screen.tsx';

const LIST = '/api/dashboard/notification';

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
  ...extra,
});

const ROWS = [
  row(12, { notiStatus: 1 }),
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
      nohiResponse: '{"status":200}',
      nohiCreatedTime: '2025-03-10T03:05:00.000Z',
    },
  ],
};

function start(
  access: Record<string, ('read' | 'create')[]> = { dashboard_notification: ['read'] },
) {
  const api = fakeApi(access, {
    [`GET ${LIST}`]: () =>
      envelopeResponse({
        data: ROWS,
        pagination: { totalData: 2, totalPage: 1, page: 1, itemPerPage: 10 },
        fields: [],
      }),
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
    expect(within(empty).getAllByText('N/A')).toHaveLength(2);
    expect(within(empty).getByText('Sukses')).toBeInTheDocument();
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
      'Created Time',
      'Actions',
    ]);
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

  it('shows the history with pretty-printed JSON, raw text and N/A', async () => {
    const user = userEvent.setup();
    start();
    await user.click(within(await rowOf('INV-12')).getByRole('button', { name: 'See History' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Notification History')).toBeInTheDocument();
    expect(within(dialog).getByText('See history of a notification data.')).toBeInTheDocument();
    const table = await within(dialog).findByRole('table', { name: 'Notification history' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Id', 'Notif Id', 'Request', 'Response', 'Created At']);
    const [first, second] = within(table).getAllByRole('row').slice(1);
    const pre = first!.querySelector('pre')!;
    expect(pre.textContent).toBe(JSON.stringify(JSON.parse(REQUEST), null, 2));
    expect(pre.textContent).toContain('\n  "body": {\n    "orderId": "INV-12",');
    expect(within(first!).getByText('N/A')).toBeInTheDocument();
    expect(within(first!).getByText('2025-03-10 10:00:01')).toBeInTheDocument();
    expect(within(second!).getByText('not json')).toBeInTheDocument();
    expect(second!.querySelectorAll('pre')[1]!.textContent).toBe('{\n  "status": 200\n}');

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
  it('shows the columns the user chose on the server, in their order', async () => {
    fakeApi(
      { dashboard_notification: ['read'] },
      {
        [`GET ${LIST}`]: () =>
          envelopeResponse({
            data: ROWS,
            pagination: { totalData: 2, totalPage: 1, page: 1, itemPerPage: 10 },
            fields: [],
          }),
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
        [`GET ${LIST}`]: () =>
          envelopeResponse({
            data: ROWS,
            pagination: { totalData: 2, totalPage: 1, page: 1, itemPerPage: 10 },
            fields: [],
          }),
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
