/**
 * The detail view of one transaction, under its list's route ('transaction-va/:trctId',
 * 'transaction-qris/:trctId'), behind the list's own read permission; its code is the route's
 * `lazy` part (loaded on the first visit, like every screen).
 */
import {
  reconBreakRoute,
  TRANSACTION_KINDS,
  transactionDetailRoute,
  type TransactionKindKey,
} from '@tagih/contract';
import type { RouteObject } from 'react-router';
import { RequireRead } from './require-read.tsx';

const SCREEN_OF: Record<
  TransactionKindKey,
  'TransactionVaDetailScreen' | 'TransactionQrisDetailScreen'
> = {
  va: 'TransactionVaDetailScreen',
  qris: 'TransactionQrisDetailScreen',
};

export function transactionDetailRoutes(): RouteObject[] {
  return (['va', 'qris'] as const).map((key) => ({
    path: transactionDetailRoute(key),
    lazy: async () => {
      const screens =
        await import('../features/transactions/detail/transaction-detail-screens.tsx');
      const Screen = screens[SCREEN_OF[key]];
      return {
        element: (
          <RequireRead area={TRANSACTION_KINDS[key].area}>
            <Screen />
          </RequireRead>
        ),
      };
    },
  }));
}

/** One reconciliation break ('reconciliation/breaks/:rbrkId'), behind reconciliation.read. */
export function reconBreakRoutes(): RouteObject[] {
  return [
    {
      path: reconBreakRoute,
      lazy: async () => {
        const { BreakDetailScreen } =
          await import('../features/reconciliation/break-detail-screen.tsx');
        return {
          element: (
            <RequireRead area="reconciliation">
              <BreakDetailScreen />
            </RequireRead>
          ),
        };
      },
    },
  ];
}
