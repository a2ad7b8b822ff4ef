import { accountLoginBody, alreadyUsed, UNIQUENESS_PAUSE_MS } from '@tagih/contract';
import { useState } from 'react';
import { useUsernameAvailable } from '../../api/username-available.ts';
import { useDebouncedValue } from '../../hooks/use-debounced-value.ts';

const usernameRule = accountLoginBody.shape.usloUserName;

/**
 * Uniqueness of a new username (spec §5): looked up 150 ms after typing stops, only when it
 * differs from the current one and is well formed. The server's 409 message wins for that name.
 */
export function useUsernameCheck(typed: string, current: string) {
  const debounced = useDebouncedValue(typed, UNIQUENESS_PAUSE_MS.manageAccount);
  const [rejected, setRejected] = useState<{ name: string; message: string } | null>(null);
  const shouldLook =
    debounced !== current && debounced === typed && usernameRule.safeParse(debounced).success;
  const lookup = useUsernameAvailable(debounced, shouldLook);

  let error: string | undefined;
  if (rejected && rejected.name === typed) error = rejected.message;
  else if (shouldLook && lookup.data === false) error = alreadyUsed('Username');

  const checking = typed !== current && (typed !== debounced || lookup.isFetching);
  return {
    error,
    checking,
    reject: (name: string, message: string) => setRejected({ name, message }),
  };
}
