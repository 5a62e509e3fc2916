import { drawsOf, serialDigits } from '../line-seed.js';
import { VERTEX_BARS, type VertexNetwork } from './catalogue.js';

export type VertexLine = { simNo: string; bars: string[] };

/** A line as Vertex first knows it: a 19-digit ICCID (both networks accept it) and a few of its network's bars. */
export function startingVertexLine(network: VertexNetwork, number: string): VertexLine {
  const draw = drawsOf(`vertex:${network}:${number}`);
  return {
    simNo: `8944110${serialDigits(number)}0000`,
    bars: VERTEX_BARS[network]
      .filter((bar) => !bar.spendControl)
      .filter(() => draw(3) === 0)
      .map((bar) => bar.networkSuffix),
  };
}

/** Vertex's lines by network and national number, made from the number on first use. */
export class VertexLines {
  readonly #lines = new Map<string, VertexLine>();

  get(network: VertexNetwork, number: string): VertexLine {
    const key = `${network}:${number}`;
    let line = this.#lines.get(key);
    if (!line) {
      line = startingVertexLine(network, number);
      this.#lines.set(key, line);
    }
    return line;
  }

  clear(): void {
    this.#lines.clear();
  }
}
