import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import type { GridColDef } from '@mui/x-data-grid';
import { DEFAULT_BUSINESS_TZ, formatDateTime, isSortable, type FieldDef, type ResourceDef } from '@tagih/contract';
import { EMPTY_CELL } from '../../components/data-table.tsx';
import { StatusChip } from '../../components/status-chip.tsx';
import type { MasterRow } from './master-config.ts';
import { OperationsChips } from './operations-chips.tsx';

export interface RowActions {
  onEdit?: (row: MasterRow) => void;
  onDelete?: (row: MasterRow) => void;
}

/** A 1/0 status word as a tag (User: Active / Not Active; Company: Active / Inactive). */
function optionCell(field: FieldDef): GridColDef<MasterRow>['renderCell'] {
  const isStatus = /status$/i.test(field.name);
  return ({ value }) => {
    const option = field.options?.find((o) => String(o.value) === String(value));
    if (!option) return EMPTY_CELL;
    if (!isStatus) return option.label;
    return <StatusChip label={option.label} color={Number(value) === 1 ? 'success' : 'default'} />;
  };
}

function columnOf(field: FieldDef): GridColDef<MasterRow> {
  const column: GridColDef<MasterRow> = {
    field: field.name,
    headerName: field.label,
    sortable: isSortable(field),
    flex: 1,
    minWidth: field.key ? 70 : 130,
  };
  if (field.input === 'operations') {
    return { ...column, minWidth: 260, renderCell: ({ value }) => <OperationsChips value={value} /> };
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

function actionsColumn({ onEdit, onDelete }: RowActions): GridColDef<MasterRow> {
  return {
    field: 'actions',
    headerName: 'Actions',
    type: 'actions',
    sortable: false,
    minWidth: 96,
    maxWidth: 96,
    renderCell: ({ row }) => (
      <>
        {onEdit && (
          <Tooltip title="Edit">
            <IconButton size="small" color="warning" aria-label="Edit" onClick={() => onEdit(row)}>
              <EditIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
        {onDelete && (
          <Tooltip title="Delete">
            <IconButton size="small" color="error" aria-label="Delete" onClick={() => onDelete(row)}>
              <DeleteIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
      </>
    ),
  };
}

/**
 * Table columns from the resource description: Edit/Delete when allowed (first, so wide
 * tables never push them out of sight), then the visible fields.
 */
export function masterColumns(resource: ResourceDef, actions: RowActions): GridColDef<MasterRow>[] {
  const columns = resource.fields.filter((f) => !f.hidden).map(columnOf);
  if (actions.onEdit || actions.onDelete) columns.unshift(actionsColumn(actions));
  return columns;
}
