// A line's starting state at a carrier is a pure function of its number, so every start of the simulator, and
// every size of demo data, sees the same lines without storing them (docs/decisions/0084).

/** 32-bit FNV-1a of the text: cheap, stable across runs and well spread for numbers that differ in one digit. */
export function lineHash(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** Independent draws from one line's hash: each `draw(n)` answers 0..n-1 from the next bits. */
export function drawsOf(text: string): (outcomes: number) => number {
  let state = lineHash(text);
  return (outcomes) => {
    // Re-mixing after each draw keeps later draws from repeating the low bits of earlier ones.
    const value = state % outcomes;
    state = lineHash(`${state}:${text}`);
    return value;
  };
}

/** Eight digits from a line's hash, never starting with 0, as both carriers' SIM serials embed them. */
export function serialDigits(text: string): string {
  return String(10_000_000 + (lineHash(`sim:${text}`) % 89_999_999));
}

export const UK_MOBILE = /^07[0-9]{9}$/;
