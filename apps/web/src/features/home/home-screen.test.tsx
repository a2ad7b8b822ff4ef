import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AccessMap, HomeFigures, TransactionStatusTotal } from '@tagih/contract';
import { describe, expect, it } from 'vitest';
import { statusQueryKey } from '../../api/get-status.ts';
import { fakeApi, statusData } from '../../test/fake-api.ts';
import { envelopeResponse, renderRoutes } from '../../test/render.tsx';
import { HomeScreen } from './home-screen.tsx';

const totals = (unpaid: number, paid: number, expired: number): TransactionStatusTotal[] => [
  { status: '03', count: unpaid, amount: unpaid * 1000 },
  { status: '00', count: paid, amount: paid * 1000 },
  { status: '05', count: expired, amount: expired * 1000 },
];
const DAYS = [
  '2026-11-14',
  '2026-11-15',
  '2026-11-16',
  '2026-11-17',
  '2026-11-18',
  '2026-11-19',
  '2026-11-20',
];
const kind = {
  today: totals(1, 2, 0),
  week: totals(5, 7, 1),
  daily: DAYS.map((day) => ({ day, byStatus: totals(0, 1, 0) })),
};
const FIGURES: HomeFigures = {
  today: '2026-11-20',
  weekFrom: '2026-11-14',
  va: kind,
  qris: null,
  notifications: { today: { total: 4, delivered: 3 }, week: { total: 0, delivered: 0 } },
  workQueues: { va: 3, qris: null, notifications: 2 },
};

function start(access: AccessMap, figures: HomeFigures) {
  const api = fakeApi(access, { 'GET /api/dashboard/home': () => envelopeResponse(figures) });
  const { router, queryClient } = renderRoutes(
    [
      { path: '/dashboard/home', element: <HomeScreen /> },
      { path: '*', element: <p>list</p> },
    ],
    '/dashboard/home',
  );
  // The dashboard shell loads the status; Home reads it (the active company keys the figures).
  queryClient.setQueryData(statusQueryKey, statusData(access));
  return { api, router };
}

describe('Home', { timeout: 20_000 }, () => {
  it('keeps the welcome and shows only the parts the server sent, each a link to its filtered list', async () => {
    start({ dashboard_transactionva: ['read'], dashboard_notification: ['read'] }, FIGURES);
    expect(screen.getByRole('heading', { level: 1, name: 'Selamat Datang' })).toBeInTheDocument();
    expect(screen.getByText('Payment Processing Admin Dashboard')).toBeInTheDocument();
    const va = (
      await screen.findByRole('heading', { name: 'Transaction VA' })
    ).closest<HTMLElement>('.MuiCard-root')!;
    expect(screen.queryByRole('heading', { name: 'Transaction BRI QRIS' })).not.toBeInTheDocument();
    const paidWeek = within(va).getByRole('link', {
      name: 'Transaction VA Lunas 7 hari terakhir: 7 transaksi, Rp. 7.000,00',
    });
    expect(paidWeek).toHaveAttribute(
      'href',
      '/dashboard/transaction-va?from=2026-11-14&to=2026-11-20&status=00',
    );
    expect(
      within(va).getByRole('link', { name: /Belum Lunas hari ini: 1 transaksi/ }),
    ).toHaveAttribute('href', '/dashboard/transaction-va?from=2026-11-20&to=2026-11-20&status=03');
    // Delivery rate: 3 of 4 today; none this week shows a dash, not 0 %.
    expect(screen.getByRole('link', { name: 'Notifikasi terkirim hari ini: 75%' })).toHaveAttribute(
      'href',
      '/dashboard/notifications?from=2026-11-20&to=2026-11-20&status=2',
    );
    expect(screen.getByRole('link', { name: 'Notifikasi Sukses hari ini: 3' })).toHaveAttribute(
      'href',
      '/dashboard/notifications?from=2026-11-20&to=2026-11-20&status=2',
    );
    expect(screen.getByRole('link', { name: 'Semua notifikasi hari ini: 4' })).toHaveAttribute(
      'href',
      '/dashboard/notifications?from=2026-11-20&to=2026-11-20',
    );
    expect(
      screen.getByRole('link', { name: 'Notifikasi terkirim 7 hari terakhir: –' }),
    ).toBeInTheDocument();
  });

  it('puts what needs attention ("Perlu tindakan", the breaks) before the day\'s figures, under a one-line welcome', async () => {
    start({ dashboard_transactionva: ['read'], dashboard_notification: ['read'] }, FIGURES);
    const queue = await screen.findByRole('heading', { name: 'Perlu tindakan' });
    const figures = screen.getByRole('heading', { name: 'Transaction VA' });
    expect(queue.compareDocumentPosition(figures) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Perlu perhatian' })).toBeInTheDocument();
    // The welcome is one short line: heading and subtitle side by side, no large block.
    expect(
      screen.getByRole('heading', { level: 1, name: 'Selamat Datang' }).parentElement,
    ).toContainElement(screen.getByText('Payment Processing Admin Dashboard'));
  });

  it('"Perlu tindakan" counts each work queue the user may read and leads to the queue over every day', async () => {
    start({ dashboard_transactionva: ['read'], dashboard_notification: ['read'] }, FIGURES);
    const card = (
      await screen.findByRole('heading', { name: 'Perlu tindakan' })
    ).closest<HTMLElement>('.MuiCard-root')!;
    expect(
      within(card).getByRole('link', { name: '3 Transaction VA belum dicek ke bank' }),
    ).toHaveAttribute(
      'href',
      '/dashboard/transaction-va?from=1970-01-01&to=2026-11-20&queue=attention',
    );
    expect(within(card).getByRole('link', { name: '2 Notifikasi gagal terkirim' })).toHaveAttribute(
      'href',
      '/dashboard/notifications?from=1970-01-01&to=2026-11-20&queue=attention',
    );
    // No QRIS figure from the server (no read): no QRIS queue either.
    expect(within(card).queryByRole('link', { name: /QRIS/ })).not.toBeInTheDocument();
  });

  it('a figure click opens the list with that range and status in the URL', async () => {
    const user = userEvent.setup();
    const { router } = start({ dashboard_transactionva: ['read'] }, FIGURES);
    await user.click(
      await screen.findByRole('link', { name: /Transaction VA Kadaluarsa 7 hari terakhir/ }),
    );
    expect(router.state.location.pathname).toBe('/dashboard/transaction-va');
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      from: '2026-11-14',
      to: '2026-11-20',
      status: '05',
    });
  });

  it('shows only the welcome when the user may read none of the figures', async () => {
    const { api } = start(
      { master_role: ['read'] },
      {
        ...FIGURES,
        va: null,
        qris: null,
        notifications: null,
        workQueues: { va: null, qris: null, notifications: null },
      },
    );
    await screen.findByRole('heading', { level: 1, name: 'Selamat Datang' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.callsTo('GET', '/api/dashboard/home')).toHaveLength(1);
    expect(screen.queryByRole('heading', { name: /Ringkasan/ })).not.toBeInTheDocument();
    expect(screen.queryAllByRole('link')).toHaveLength(0);
  });
});
