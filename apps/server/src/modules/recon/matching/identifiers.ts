/**
 * The words of a statement line that may name one of our bills: runs of letters, digits, '-' and
 * '_' of at least MIN_TOKEN characters, from the narrative and the references, as written (order
 * ids are compared as they are stored; VA numbers and QRIS references are digits).
 */
const MIN_TOKEN = 5;
const MAX_TOKENS = 40;

export function tokensOf(...texts: readonly (string | null)[]): string[] {
  const found = new Set<string>();
  for (const text of texts) {
    for (const token of (text ?? '').match(/[A-Za-z0-9_-]+/g) ?? []) {
      const bare = token.replace(/^[-_]+|[-_]+$/g, '');
      if (bare.length >= MIN_TOKEN) found.add(bare);
      if (found.size >= MAX_TOKENS) return [...found];
    }
  }
  return [...found];
}
