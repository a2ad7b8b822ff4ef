/** The benchmarks' command-line checks: a bad value ends the run with a clear message (exit 2). */

/** `--<name>` as a whole number of at least `min`. */
export function wholeArg(name: string, text: string | undefined, min: number): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n < min) {
    console.error(`--${name} must be a whole number >= ${min} (got ${text})`);
    process.exit(2);
  }
  return n;
}
