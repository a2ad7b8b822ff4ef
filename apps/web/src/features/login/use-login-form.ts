/**
 * The sign-in form's state without a form library or zod (the first page stays small): the
 * contract's plain login rules (LOGIN_FIELD_RULES, the same ones its `loginBody` schema is built
 * from), checked at the moments react-hook-form's mode 'onTouched' checked them before — a
 * field on its first blur and from then on at every change, every field on submit (the first
 * wrong one gets the focus), and after a submit every field at every change. The inputs are
 * uncontrolled; what was typed is kept, so that the form shown again (Back from the second
 * step) has it.
 */
import {
  LOGIN_FIELD_RULES,
  textRuleIssue,
  textRuleValue,
  type LoginBody,
  type LoginField,
} from '@tagih/contract';
import { useRef, useState, type ChangeEvent, type FocusEvent, type FormEvent } from 'react';

const FIELDS = Object.keys(LOGIN_FIELD_RULES) as LoginField[];

type FieldErrors = Partial<Record<LoginField, string>>;

const issueOf = (field: LoginField, value: string) =>
  textRuleIssue(LOGIN_FIELD_RULES[field], value) ?? undefined;

/** `onValid` gets the values as sent (the username trimmed); `field(name)` spreads onto the field (OutlinedField). */
export function useLoginForm(onValid: (body: LoginBody) => unknown) {
  const inputs = useRef<Partial<Record<LoginField, HTMLInputElement | null>>>({});
  const typed = useRef<Partial<Record<LoginField, string>>>({});
  const touched = useRef(new Set<LoginField>());
  const submitted = useRef(false);
  const [errors, setErrors] = useState<FieldErrors>({});

  const check = (field: LoginField, value: string) =>
    setErrors((old) => ({ ...old, [field]: issueOf(field, value) }));

  const field = (name: LoginField) => ({
    name,
    defaultValue: typed.current[name] ?? '',
    inputRef: (input: HTMLInputElement | null) => {
      inputs.current[name] = input;
    },
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      typed.current[name] = event.target.value;
      if (submitted.current || touched.current.has(name)) check(name, event.target.value);
    },
    onBlur: (event: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      touched.current.add(name);
      if (!submitted.current) check(name, event.target.value);
    },
    error: Boolean(errors[name]),
    helperText: errors[name],
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submitted.current = true;
    const value = (name: LoginField) => inputs.current[name]?.value ?? '';
    const found: FieldErrors = Object.fromEntries(
      FIELDS.map((name) => [name, issueOf(name, value(name))]),
    );
    setErrors(found);
    const firstWrong = FIELDS.find((name) => found[name]);
    if (firstWrong) {
      inputs.current[firstWrong]?.focus();
      return;
    }
    const body = Object.fromEntries(
      FIELDS.map((name) => [name, textRuleValue(LOGIN_FIELD_RULES[name], value(name))]),
    ) as LoginBody;
    void onValid(body);
  };

  return { field, onSubmit };
}
