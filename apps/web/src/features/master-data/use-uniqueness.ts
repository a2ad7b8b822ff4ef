import { alreadyUsed, UNIQUENESS_PAUSE_MS, type MasterResourceDef } from '@tagih/contract';
import { useQueries } from '@tanstack/react-query';
import { isValueTaken, valueTakenQueryKey } from '../../api/value-taken.ts';
import { useDebouncedValue } from '../../hooks/use-debounced-value.ts';
import { lookupsOf, type MasterRow } from './master-config.ts';

const textOf = (value: unknown) =>
  value === null || value === undefined ? '' : String(value).trim();

/**
 * Uniqueness look-ups (spec §5): 300 ms after typing stops, each checked field whose value
 * is set and differs from the record being edited is looked up; a hit gives
 * '{label} has already been used'. A failed look-up is only logged (spec §8).
 */
export function useUniqueness(
  resource: MasterResourceDef,
  values: MasterRow,
  original: MasterRow | null,
): { errors: Record<string, string>; checking: boolean } {
  const checks = lookupsOf(resource);
  const typed = checks.map((c) => textOf(values[c.field]));
  const settled = JSON.parse(
    useDebouncedValue(JSON.stringify(typed), UNIQUENESS_PAUSE_MS.default),
  ) as string[];
  const wanted = checks.map((c, i) => {
    const value = typed[i] ?? '';
    return value !== '' && value !== textOf(original?.[c.field]);
  });

  const results = useQueries({
    queries: checks.map((c, i) => {
      const value = settled[i] ?? '';
      const lookIn = c.lookupPath ?? resource.path;
      return {
        queryKey: valueTakenQueryKey(lookIn, c.field, value),
        queryFn: async ({ signal }: { signal: AbortSignal }) => {
          try {
            return await isValueTaken(lookIn, c.field, value, signal);
          } catch (error) {
            console.warn(`Uniqueness look-up of ${c.field} failed`, error);
            return false;
          }
        },
        enabled: Boolean(wanted[i]) && value === typed[i],
        staleTime: 5_000,
      };
    }),
  });

  const errors: Record<string, string> = {};
  let checking = false;
  checks.forEach((c, i) => {
    if (!wanted[i]) return;
    const result = results[i];
    if (settled[i] !== typed[i] || result?.isFetching) checking = true;
    else if (result?.data === true) errors[c.field] = alreadyUsed(c.label);
  });
  return { errors, checking };
}
