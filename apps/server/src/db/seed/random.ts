import { en, en_GB, Faker } from '@faker-js/faker';
import { firstNames, lastNames } from './catalogue.js';

export const DEFAULT_SEED = 20_261_121;

/** A seeded en-GB faker plus the few draws the generators need, so one seed reproduces the whole data set. */
export class SeededRandom {
  readonly faker: Faker;

  constructor(seed: number) {
    this.faker = new Faker({ locale: [en_GB, en] });
    this.faker.seed(seed);
  }

  /** Uniform float in [0, 1). */
  next(): number {
    return this.faker.number.float({ min: 0, max: 1, multipleOf: 1e-9 }) % 1;
  }

  int(min: number, max: number): number {
    return this.faker.number.int({ min, max });
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    const item = items[this.int(0, items.length - 1)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }

  /** Picks with the given relative weights. */
  weighted<T>(choices: ReadonlyArray<readonly [T, number]>): T {
    const total = choices.reduce((sum, [, weight]) => sum + weight, 0);
    let roll = this.next() * total;
    for (const [value, weight] of choices) {
      roll -= weight;
      if (roll < 0) return value;
    }
    return choices[choices.length - 1]![0];
  }

  firstName(): string {
    return this.pick(firstNames);
  }

  lastName(): string {
    return this.pick(lastNames);
  }

  fullName(): string {
    return `${this.firstName()} ${this.lastName()}`;
  }

  digits(count: number): string {
    return this.faker.string.numeric({ length: count, allowLeadingZeros: true });
  }
}
