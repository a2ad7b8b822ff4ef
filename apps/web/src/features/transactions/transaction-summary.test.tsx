import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TransactionTotals } from '@tagih/contract';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../test/fake-api.ts';
import { envelopeResponse, renderUi } from '../../test/render.tsx';
import { TransactionVaScreen } from './transaction-screens.tsx';

const LIST = '/api/dashboard/transactionVa/';
const TOTAL: TransactionTotals = {
  nominal_lunas: 250000,
  count_lunas: 2,
  by_status: [
    { status: '03', count: 4, amount: 600000 },
    { status: '00', count: 2, amount: 250000 },
    { status: '05', count: 1, amount: 75000.5 },
  ],
};

const EXACT = {
  total: TOTAL,
  pagination: { totalData: 0, totalPage: 0, page: 1, itemPerPage: 10 },
};
/** More rows matched than the server counts. */
const UNCOUNTED = {
  total: { nominal_lunas: null, count_lunas: null, by_status: [] },
  pagination: { totalData: 10000, totalPage: 1000, page: 1, itemPerPage: 10, totalCapped: true },
};

function start(
  path = '/dashboard/transaction-va',
  answer: typeof EXACT | typeof UNCOUNTED = EXACT,
) {
  const api = fakeApi(
    { dashboard_transactionva: ['read'] },
    {
      [`GET ${LIST}`]: () => envelopeResponse({ data: [], ...answer, fields: [] }),
    },
  );
  const { router } = renderUi(<TransactionVaScreen />, path);
  return { api, router, lastList: () => api.callsTo('GET', LIST).at(-1)!.url.searchParams };
}

const card = () => screen.getByText('Status Pelunasan').closest<HTMLElement>('.MuiCard-root')!;

describe('Status Pelunasan card by status', { timeout: 20_000 }, () => {
  it('keeps the spec figures and shows each status with its count and amount', async () => {
    start();
    await within(card()).findByText('Rp. 600.000,00');
    const figure = within(card()).getByRole('button', { name: /Belum Lunas/ });
    expect(figure).toHaveTextContent('Belum Lunas4Rp. 600.000,00');
    expect(within(card()).getByRole('button', { name: /^Lunas/ })).toHaveTextContent(
      'Lunas2Rp. 250.000,00',
    );
    expect(within(card()).getByRole('button', { name: /Kadaluarsa/ })).toHaveTextContent(
      'Kadaluarsa1Rp. 75.000,50',
    );
    expect(within(card()).getByText('Nominal').nextSibling).toHaveTextContent('Rp. 250.000,00');
    expect(within(card()).getByText('Jumlah Transaksi').nextSibling).toHaveTextContent(/^2$/);
  });

  it('a click filters the list by that status in the URL; a second click shows every status again', async () => {
    const user = userEvent.setup();
    const { router, lastList } = start('/dashboard/transaction-va?from=2026-11-14&to=2026-11-20');
    const expired = await within(card()).findByRole('button', { name: /Kadaluarsa/ });
    expect(expired).toHaveAttribute('aria-pressed', 'false');
    await user.click(expired);
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get('status')).toBe('05'),
    );
    // The range stays; the list is asked for that status.
    expect(new URLSearchParams(router.state.location.search).get('from')).toBe('2026-11-14');
    await waitFor(() => expect(lastList().get('finds[trctStatus][equal]')).toBe('05'));
    expect(within(card()).getByRole('button', { name: /Kadaluarsa/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await user.click(within(card()).getByRole('button', { name: /Kadaluarsa/ }));
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).has('status')).toBe(false),
    );
  });

  it('shows dashes, says why and the pager says "more than" when the server did not count every match', async () => {
    start('/dashboard/transaction-va?search=budi', UNCOUNTED);
    await within(card()).findByText(
      /Lebih dari 10\.000 transaksi cocok, jadi totalnya tidak dihitung/,
    );
    expect(within(card()).getByText('Nominal').nextSibling).toHaveTextContent(/^—$/);
    expect(within(card()).getByText('Jumlah Transaksi').nextSibling).toHaveTextContent(/^—$/);
    expect(within(card()).getByRole('button', { name: /Belum Lunas/ })).toHaveTextContent(
      /^Belum Lunas—$/,
    );
    expect(screen.getByText('Showing 1 to 10 of more than 10000 entries')).toBeInTheDocument();
  });

  it('says nothing of counting when the figures are exact', async () => {
    start();
    await within(card()).findByText('Rp. 600.000,00');
    expect(within(card()).queryByText(/tidak dihitung/)).toBeNull();
  });
});
