import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import type { CellParams, TableColumn } from '../../components/table-column.ts';
import {
  DEFAULT_BUSINESS_TZ,
  formatDateTime,
  isSortable,
  type FieldDef,
  type ResourceDef,
} from '@tagih/contract';
import type { ReactNode } from 'react';
import { CutText } from '../../components/cut-text.tsx';
import { EMPTY_CELL } from '../../components/data-table.tsx';
import { StatusChip } from '../../components/status-chip.tsx';
import type { MasterRow } from './master-config.ts';
import { OperationsChips } from './operations-chips.tsx';

export interface RowActions {
  onEdit?: (row: MasterRow) => void;
  onDelete?: (row: MasterRow) => void;
  /** Why Edit and Delete are disabled on this row (their tooltip), or null when they are not. */
  protectedReason?: (row: MasterRow) => string | null;
  /** More actions after Edit and Delete (small icon buttons), and how many there may be per row. */
  more?: { slots: number; render: (row: MasterRow) => ReactNode };
}

/** Something a screen shows after a field's value in its cell (e.g. a 'Locked' tag after a user's status). */
export type CellAddons = Readonly<Record<string, (row: MasterRow) => ReactNode>>;

/** A 1/0 status word as a tag (User: Active / Not Active; Company: Active / Inactive). */
function optionCell(field: FieldDef): TableColumn<MasterRow>['renderCell'] {
  const isStatus = /status$/i.test(field.name);
  return ({ value }) => {
    const option = field.options?.find((o) => String(o.value) === String(value));
    if (!option) return EMPTY_CELL;
    if (!isStatus) return <TextCell text={option.label} />;
    return <StatusChip label={option.label} color={Number(value) === 1 ? 'success' : 'default'} />;
  };
}

const isBlank = (value: unknown) => value === null || value === undefined || value === '';

/** Text cut by the column width shows whole on hover (its title); an empty cell says N/A. */
function TextCell({ text }: { text: unknown }) {
  if (isBlank(text)) return <>{EMPTY_CELL}</>;
  return <CutText text={String(text)} />;
}

const textCell: TableColumn<MasterRow>['renderCell'] = ({ formattedValue, value }) => (
  <TextCell text={formattedValue ?? value} />
);

function columnOf(field: FieldDef): TableColumn<MasterRow> {
  const column: TableColumn<MasterRow> = {
    field: field.name,
    headerName: field.label,
    sortable: isSortable(field),

    minWidth: field.key ? 70 : 130,
    renderCell: textCell,
  };
  if (field.input === 'operations') {
    return {
      ...column,
      minWidth: 260,
      renderCell: ({ value }) => <OperationsChips value={value} />,
    };
  }
  if (field.options) return { ...column, renderCell: optionCell(field) };
  if (field.type === 'date') {
    return {
      ...column,
      minWidth: 170,
      valueFormatter: (value: unknown) =>
        typeof value === 'string' ? formatDateTime(value, DEFAULT_BUSINESS_TZ) : value,
    };
  }
  return column;
}

/** An icon button with its tooltip; disabled with `reason` as the tooltip instead. */
function RowButton(props: {
  label: string;
  color: 'warning' | 'error';
  icon: ReactNode;
  reason: string | null;
  onClick: () => void;
}) {
  const { label, color, icon, reason, onClick } = props;
  return (
    <Tooltip title={reason ?? label}>
      {/* A disabled button fires no events: the span carries the tooltip. */}
      <span>
        <IconButton
          size="small"
          color={color}
          aria-label={label}
          onClick={onClick}
          disabled={reason !== null}
        >
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );
}

const ACTION_SLOT_PX = 34;

function actionsColumn({
  onEdit,
  onDelete,
  protectedReason,
  more,
}: RowActions): TableColumn<MasterRow> {
  const slots = (onEdit ? 1 : 0) + (onDelete ? 1 : 0) + (more?.slots ?? 0);
  const width = Math.max(96, 28 + slots * ACTION_SLOT_PX);
  return {
    field: 'actions',
    headerName: 'Actions',
    type: 'actions',
    sortable: false,
    minWidth: width,
    maxWidth: width,
    ...(more ? { headerAlign: 'left' as const } : {}),
    renderCell: ({ row }) => {
      const reason = protectedReason?.(row) ?? null;
      // With more actions, left-aligned: Edit and Delete stay in line whether a row has them or not.
      return (
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: more ? 'flex-start' : 'center',
            width: '100%',
            height: '100%',
          }}
        >
          {onEdit && (
            <RowButton
              label="Edit"
              color="warning"
              icon={<EditIcon fontSize="small" />}
              reason={reason}
              onClick={() => onEdit(row)}
            />
          )}
          {onDelete && (
            <RowButton
              label="Delete"
              color="error"
              icon={<DeleteIcon fontSize="small" />}
              reason={reason}
              onClick={() => onDelete(row)}
            />
          )}
          {more?.render(row)}
        </Box>
      );
    },
  };
}

const ADDON_MIN_WIDTH = 170;

/** The column with `addon` shown after the cell's own content. */
function withAddon(
  column: TableColumn<MasterRow>,
  addon: (row: MasterRow) => ReactNode,
): TableColumn<MasterRow> {
  const own = column.renderCell;
  return {
    ...column,
    // Room for a tag beside the value, on one line.
    minWidth: Math.max(column.minWidth ?? 100, ADDON_MIN_WIDTH),
    renderCell: (params: CellParams<MasterRow>) => (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, height: '100%' }}>
        {own ? own(params) : ((params.formattedValue ?? params.value ?? EMPTY_CELL) as ReactNode)}
        {addon(params.row)}
      </Box>
    ),
  };
}

/**
 * Table columns from the resource description: Edit/Delete when allowed (first, so wide
 * tables never push them out of sight), then the visible fields.
 */
export function masterColumns(
  resource: ResourceDef,
  actions: RowActions,
  addons: CellAddons = {},
): TableColumn<MasterRow>[] {
  const columns = resource.fields
    .filter((f) => !f.hidden)
    .map((f) => (addons[f.name] ? withAddon(columnOf(f), addons[f.name]!) : columnOf(f)));
  if (actions.onEdit || actions.onDelete || actions.more) columns.unshift(actionsColumn(actions));
  return columns;
}
