import Button from '@mui/material/Button';
import type { TableColumn } from '../../components/table-column.ts';
import {
  auditResource,
  DEFAULT_BUSINESS_TZ,
  fieldOf,
  formatDateTime,
  isSortable,
  type AuditEventRow,
} from '@tagih/contract';
import { EMPTY_CELL } from '../../components/data-table.tsx';
import { AuditOutcomeChip } from './audit-outcome-chip.tsx';

/** The target as one text: 'user rina@tagih.id', the type alone, or nothing. */
export function targetText(row: Pick<AuditEventRow, 'audtTargetType' | 'audtTargetId'>): string {
  return [row.audtTargetType, row.audtTargetId]
    .filter((part) => part !== null && part !== '')
    .join(' ');
}

function column(
  name: keyof AuditEventRow,
  extra: Partial<TableColumn<AuditEventRow>>,
): TableColumn<AuditEventRow> {
  const field = fieldOf(auditResource, name)!;
  return { field: name, headerName: field.label, sortable: isSortable(field), ...extra };
}

/** Time, User, Action, Outcome, Target (type and id), IP Address, then Detail. */
export function auditColumns(onDetail: (row: AuditEventRow) => void): TableColumn<AuditEventRow>[] {
  return [
    column('audtAt', {
      width: 180,
      valueFormatter: (value: string | null) => formatDateTime(value, DEFAULT_BUSINESS_TZ),
    }),
    column('audtActorUsername', { minWidth: 130 }),
    column('audtAction', { minWidth: 210 }),
    column('audtOutcome', {
      width: 120,
      renderCell: ({ value }) => <AuditOutcomeChip outcome={value as string | null} />,
    }),
    // Sorted by the type (the server sorts one field).
    column('audtTargetType', {
      headerName: 'Target',

      minWidth: 190,
      valueGetter: (_value, row) => targetText(row) || EMPTY_CELL,
    }),
    column('audtIp', { width: 140 }),
    {
      field: 'actions',
      headerName: 'Actions',
      width: 110,
      sortable: false,
      renderCell: ({ row }) => (
        <Button
          size="small"
          variant="outlined"
          onClick={(event) => {
            event.stopPropagation(); // the row click would open it as well
            onDetail(row);
          }}
        >
          Detail
        </Button>
      ),
    },
  ];
}
