/**
 * The value of the sample of `family` whose labels include `labels`, from a Prometheus text exposition; undefined
 * when there is none. Enough for tests: one sample per line, `name{a="x",b="y"} value`.
 */
export function sampleOf(text: string, family: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)/.exec(line);
    if (!match || match[1] !== family) continue;
    const present = new Map(
      [...(match[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)].map(([, name, value]) => [
        name,
        value,
      ]),
    );
    if (Object.entries(labels).every(([name, value]) => present.get(name) === value)) return Number(match[3]);
  }
  return undefined;
}
