import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  can,
  dashboardUrl,
  MAX_BIG_ID,
  MESSAGES,
  readPathId,
  TRANSACTION_LIST_PATHS,
  type TransactionKindDef,
} from '@tagih/contract';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router';
import { ApiError, errorMessage } from '../../../api/client.ts';
import { useAccess } from '../../../api/get-status.ts';
import { useTransactionDetail } from '../../../api/get-transaction-detail.ts';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { InquiryButton, ResendButton } from '../../../monitoring/actions/action-buttons.tsx';
import { useActionDialog } from '../../../monitoring/actions/action-dialog.tsx';
import { TransactionFields } from './transaction-fields.tsx';
import { TransactionTimeline } from './transaction-timeline.tsx';

export interface TransactionDetailScreenProps {
  kind: TransactionKindDef;
  /** The list screen's name (breadcrumb and back link). */
  listTitle: string;
}

/** '123' -> 123; anything the server's path rule refuses (transactionIdParams: a bigint id) -> null. */
export const parseTrctId = (text: string | undefined): number | null =>
  readPathId(text, MAX_BIG_ID);

/**
 * One transaction's whole story at /dashboard/transaction-va/{trctId} (or
 * transaction-qris): every field, copy buttons for its ids, Inquiry and Notif, and its timeline.
 */
export function TransactionDetailScreen({ kind, listTitle }: TransactionDetailScreenProps) {
  const trctId = parseTrctId(useParams().trctId);
  const detail = useTransactionDetail(kind, trctId);
  const actionDialog = useActionDialog(kind);
  const { access } = useAccess();
  const navigate = useNavigate();
  const location = useLocation();
  const listUrl = dashboardUrl(TRANSACTION_LIST_PATHS[kind.key]);
  // Back to the list as it was (its state is in its URL) when we came from it; else to the list.
  const back = () => (location.key !== 'default' ? navigate(-1) : navigate(listUrl));
  const t = detail.data?.transaction;
  const canAct = can(access, kind.area, 'read');
  const notFound =
    trctId === null || (detail.error instanceof ApiError && detail.error.httpStatus === 404);

  return (
    <>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'flex-end',
          justifyContent: 'space-between',
          gap: 2,
          flexWrap: 'wrap',
          mb: 3,
        }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography
            variant="h5"
            component="h1"
            sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}
          >
            Detail Transaksi{t ? ` ${t.trctOrderId}` : ''}
          </Typography>
          <Breadcrumbs aria-label="breadcrumb" separator=">" sx={{ mt: 0.5, fontSize: 14 }}>
            <Link
              component={RouterLink}
              to={dashboardUrl('home')}
              underline="hover"
              color="primary"
            >
              Home
            </Link>
            <Link component={RouterLink} to={listUrl} underline="hover" color="primary">
              {listTitle}
            </Link>
            <Typography color="text.primary" sx={{ fontSize: 14, overflowWrap: 'anywhere' }}>
              {t?.trctOrderId ?? (trctId === null ? '?' : String(trctId))}
            </Typography>
          </Breadcrumbs>
        </Box>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button variant="text" startIcon={<ArrowBackIcon />} onClick={back}>
            Kembali
          </Button>
          {t && (
            <>
              <InquiryButton
                place="detail"
                status={t.trctStatus}
                permitted={canAct}
                onClick={() =>
                  actionDialog.ask({ action: 'inquiry', trctId: t.trctId, orderId: t.trctOrderId })
                }
              />
              <ResendButton
                place="detail"
                status={t.trctStatus}
                permitted={canAct}
                onClick={() =>
                  actionDialog.ask({ action: 'resend', trctId: t.trctId, orderId: t.trctOrderId })
                }
              />
            </>
          )}
        </Box>
      </Box>
      {notFound ? (
        <Alert severity="warning">Transaksi tidak ditemukan di perusahaan ini.</Alert>
      ) : detail.error ? (
        <Alert severity="error">{errorMessage(detail.error, MESSAGES.unknownError)}</Alert>
      ) : !detail.data ? (
        <LoadingSpinner />
      ) : (
        <Stack spacing={2}>
          <TransactionFields detail={detail.data} />
          <TransactionTimeline entries={detail.data.timeline} />
        </Stack>
      )}
      {actionDialog.dialog}
    </>
  );
}
