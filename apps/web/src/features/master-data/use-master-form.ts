import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldDef } from '@tagih/contract';
import { useForm, useWatch, type FieldValues, type Resolver } from 'react-hook-form';
import { ApiError } from '../../api/client.ts';
import { useSaveRecord } from '../../api/save-record.ts';
import type { FormMode } from '../../components/form-dialog.tsx';
import { notify } from '../../components/notify.tsx';
import { type MasterRow, type MasterScreenConfig } from './master-config.ts';
import { useUniqueness } from './use-uniqueness.ts';

/** The fields a form edits: everything but derived and audit fields. */
export const formFields = (config: MasterScreenConfig): FieldDef[] =>
  config.resource.fields.filter((f) => f.input !== 'none');

function initialValues(
  config: MasterScreenConfig,
  mode: FormMode,
  row: MasterRow | null,
): MasterRow {
  const values: MasterRow = {};
  for (const f of formFields(config)) {
    if (mode === 'edit' && row) values[f.name] = f.input === 'password' ? '' : (row[f.name] ?? '');
    else values[f.name] = config.createDefaults?.[f.name] ?? (f.input === 'checkbox' ? false : '');
  }
  // The primary key is always sent on edit (spec §7).
  const { idField } = config.resource;
  if (mode === 'edit' && row && !(idField in values)) values[idField] = row[idField];
  return values;
}

/**
 * The fields the schema cannot do without (it refuses them missing): they get the required
 * marker. Read from the schema, the one copy of the rules (e.g. an edit's optional password is not).
 */
export function requiredFields(schema: unknown): ReadonlySet<string> {
  const shape = (
    schema as { shape?: Record<string, { safeParse: (v: unknown) => { success: boolean } }> }
  ).shape;
  if (!shape) return new Set();
  return new Set(
    Object.entries(shape)
      .filter(([, rule]) => !rule.safeParse(undefined).success)
      .map(([name]) => name),
  );
}

/** The body to send: the schema's output, without an empty password on edit (it keeps the old one). */
function bodyOf(config: MasterScreenConfig, mode: FormMode, output: FieldValues): MasterRow {
  const body: MasterRow = { ...output };
  for (const f of formFields(config)) {
    if (f.input === 'password' && mode === 'edit' && !body[f.name]) delete body[f.name];
  }
  return body;
}

/** Fields with the server's messages (400/409 with data.errors); false when there were none. */
function serverFieldErrors(error: unknown): Record<string, string> | null {
  if (!(error instanceof ApiError)) return null;
  const data = error.envelope?.data as { errors?: unknown } | null | undefined;
  if (!data || typeof data.errors !== 'object' || data.errors === null) return null;
  return data.errors as Record<string, string>;
}

/**
 * The add/edit form of a master screen: validated by the contract's zod schema, checked for
 * uniqueness, saved, with the screen's toasts and the server's field messages.
 */
export function useMasterForm(
  config: MasterScreenConfig,
  mode: FormMode,
  row: MasterRow | null,
  onSaved: () => void,
) {
  const schema = mode === 'create' ? config.createSchema : config.updateSchema;
  const form = useForm<FieldValues>({
    resolver: zodResolver(schema as never) as Resolver<FieldValues>,
    // Checked on change and when a field is left: a required field left empty says so at once.
    mode: 'all',
    defaultValues: initialValues(config, mode, row),
  });
  const values = useWatch({ control: form.control }) as MasterRow;
  const unique = useUniqueness(config.resource, values, mode === 'edit' ? row : null);
  const toasts = config.resource.toasts;
  const save = useSaveRecord(config.resource);
  const { isValid, errors } = form.formState;
  const canSave =
    isValid &&
    Object.keys(errors).length === 0 &&
    !unique.checking &&
    Object.keys(unique.errors).length === 0;

  const submit = form.handleSubmit(async (output) => {
    const body = bodyOf(config, mode, output);
    const id = row?.[config.resource.idField] as string | number | undefined;
    try {
      await save.mutateAsync(mode === 'create' ? { mode, body } : { mode, id: id ?? '', body });
    } catch (error) {
      const fieldErrors = serverFieldErrors(error);
      const known = new Set(formFields(config).map((f) => f.name));
      for (const [field, message] of Object.entries(fieldErrors ?? {})) {
        if (known.has(field)) form.setError(field, { type: 'server', message });
      }
      notify.error(toasts.saveFailed, error instanceof Error ? error.message : undefined);
      return;
    }
    notify.success(mode === 'create' ? toasts.created : toasts.updated);
    onSaved();
  });

  return {
    form,
    submit,
    canSave,
    saving: save.isPending,
    uniqueErrors: unique.errors,
    required: requiredFields(schema),
  };
}
