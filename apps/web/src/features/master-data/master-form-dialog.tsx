import { FieldInput } from '../../components/form-fields/field-input.tsx';
import { FormDialog, type FormMode } from '../../components/form-dialog.tsx';
import type { MasterRow, MasterScreenConfig, MasterViewer } from './master-config.ts';
import { formFields, useMasterForm } from './use-master-form.ts';

export interface MasterFormDialogProps {
  config: MasterScreenConfig;
  mode: FormMode;
  /** The row being edited (a copy is edited); null when adding. */
  row: MasterRow | null;
  /** Who fills it in: decides the choices the form withholds (least privilege). */
  viewer: MasterViewer;
  onClose: () => void;
}

/**
 * Add and edit share this dialog and its inputs; mount it per opening so that Cancel or
 * dismiss forgets the form and its errors (spec §4).
 */
export function MasterFormDialog({ config, mode, row, viewer, onClose }: MasterFormDialogProps) {
  const { form, submit, canSave, saving, uniqueErrors, required } = useMasterForm(
    config,
    mode,
    row,
    onClose,
  );
  const withheld = config.withheldChoices?.(viewer) ?? {};
  return (
    <FormDialog
      open
      mode={mode}
      entity={config.resource.entity}
      onClose={onClose}
      onSubmit={submit}
      canSave={canSave}
      saving={saving}
      width={config.formWidth}
    >
      {formFields(config).map((field) => (
        <FieldInput
          key={field.name}
          field={field}
          control={form.control}
          readOnly={mode === 'edit' && config.readOnlyOnEdit?.includes(field.name)}
          required={required.has(field.name)}
          externalError={uniqueErrors[field.name]}
          hint={mode === 'edit' ? config.editHints?.[field.name] : undefined}
          withheld={withheld[field.name]}
        />
      ))}
    </FormDialog>
  );
}
