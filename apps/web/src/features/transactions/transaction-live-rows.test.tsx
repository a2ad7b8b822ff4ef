import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LiveEvent, TransactionVaRow } from '@tagih/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { publishLive } from '../../api/live-events.ts';
import { fakeApi } from '../../test/fake-api.ts';
import { loadLazyParts } from '../../test/lazy-parts.ts';
import { envelopeResponse, renderUi } from '../../test/render.tsx';
import { TransactionVaScreen } from './transaction-screens.tsx';

beforeAll(loadLazyParts, 60_000);

const LIST = '/api/dashboard/transactionVa/';
const ACCESS = { dashboard_transactionva: ['read' as const] };

const row = (trctId: number, trctStatus: string): TransactionVaRow => ({
  trctId,
  trctOrderId: `INV-00${trctId}`,
  trctVirtualAccountNo: null,
  trctVirtualAccountName: null,
  trctBank: 'BRI',
  trctTotalAmount: 150000,
  trctTotalAmountPaid: trctStatus === '00' ? 150000 : null,
  trctCreatedTime: '2025-03-10T03:04:05.000Z',
  trvaExpiredDate: null,
  trctLunasTime: trctStatus === '00' ? '2025-03-10T04:00:00.000Z' : null,
  trctStatus,
  trvaVirtualAccountNo: null,
  trvaVirtualAccountName: null,
  notification: [],
});

const paid = (trctId: number, kind: 'VA' | 'QRIS' = 'VA'): LiveEvent => ({
  type: 'transaction.paid',
  compId: 1,
  kind,
  trctId,
});

/** The screen at `path`; the list answers with bill 7 unpaid until `payBill7()`, then paid. */
function start(path = '/') {
  let status = '03';
  const api = fakeApi(ACCESS, {
    [`GET ${LIST}`]: () =>
      envelopeResponse({
        data: [row(7, status), row(6, '03')],
        total: { nominal_lunas: 0, count_lunas: 0 },
        pagination: { totalData: 2, totalPage: 1, page: 1, itemPerPage: 10 },
        fields: [],
      }),
  });
  renderUi(<TransactionVaScreen />, path);
  return { listCalls: () => api.callsTo('GET', LIST).length, payBill7: () => (status = '00') };
}

const statusOf = async (orderId: string) =>
  within((await screen.findByText(orderId)).closest('tr')!);

describe('Transaction VA follows payments as they happen', { timeout: 20_000 }, () => {
  it('on page 1 with no search and the default order, a payment reloads the list quietly: the row turns Lunas, no button', async () => {
    const screenApi = start();
    expect((await statusOf('INV-007')).getByText('Belum Lunas')).toBeInTheDocument();
    const before = screenApi.listCalls();
    screenApi.payBill7();
    act(() => publishLive(paid(7)));
    await waitFor(async () =>
      expect((await statusOf('INV-007')).getByText('Lunas')).toBeInTheDocument(),
    );
    expect(screenApi.listCalls()).toBe(before + 1);
    expect(screen.queryByRole('button', { name: /transaksi baru/ })).not.toBeInTheDocument();
  });

  it('a sorted view does not move: it offers "N transaksi baru" (each bill once) and loads them when asked', async () => {
    const screenApi = start('/?sort=-trctTotalAmount');
    expect((await statusOf('INV-007')).getByText('Belum Lunas')).toBeInTheDocument();
    const before = screenApi.listCalls();
    screenApi.payBill7();
    act(() => {
      publishLive(paid(7));
      publishLive({ type: 'transaction.expired', compId: 1, kind: 'VA', trctId: 6 });
      publishLive({ type: 'transaction.paid', compId: 1, kind: 'VA', trctId: 7 });
      publishLive(paid(9, 'QRIS')); // another screen's
    });
    const button = await screen.findByRole('button', { name: '2 transaksi baru' });
    expect(screenApi.listCalls()).toBe(before);
    expect((await statusOf('INV-007')).getByText('Belum Lunas')).toBeInTheDocument();

    await userEvent.click(button);
    await waitFor(async () =>
      expect((await statusOf('INV-007')).getByText('Lunas')).toBeInTheDocument(),
    );
    expect(screenApi.listCalls()).toBe(before + 1);
    expect(screen.queryByRole('button', { name: /transaksi baru/ })).not.toBeInTheDocument();
  });

  it('a searched view counts too, and a change to the view starts the count again', async () => {
    start('/?q=INV');
    await statusOf('INV-007');
    act(() => publishLive(paid(7)));
    expect(await screen.findByRole('button', { name: '1 transaksi baru' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: /transaksi baru/ })).not.toBeInTheDocument(),
    );
  });
});
