import { towns } from './catalogue.js';

// Numbers are a pure function of a running index, so they never collide and a seed reproduces them.
// Multiplying by a prime coprime to the range scatters consecutive indexes across it.
const SCATTER = 48_271;

export function mobileNumber(index: number): string {
  return `07${String(100_000_000 + ((index * SCATTER) % 900_000_000)).padStart(9, '0')}`;
}

/** A geographic number (01 or 02) of one of the catalogue towns, 11 digits. */
export function landlineNumber(index: number): string {
  const town = towns[index % towns.length]!;
  const localDigits = 11 - town.areaCode.length;
  const range = 9 * 10 ** (localDigits - 1);
  const local = 10 ** (localDigits - 1) * 2 + (((index + 1) * SCATTER) % (range - 10 ** (localDigits - 1)));
  return `${town.areaCode}${local}`;
}

export function simNumber(index: number, supplierId: number): string {
  // First carrier SIMs are 11 digits; the second carrier's ICCIDs are 19.
  const serial = String(10_000_000 + ((index * SCATTER) % 89_999_999)).padStart(8, '0');
  return supplierId === 33 ? `894${serial}` : `8944110${serial}0000`;
}
