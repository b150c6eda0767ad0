// Postal codes of the sample city: forward sortation areas by ward (Etobicoke M8/M9, York and old Toronto M4–M6,
// North York M2/M3, Scarborough M1), so a postal area says roughly where someone lives.
import type { Rng } from '../common/rng.ts';

const FSA_BY_WARD: Record<number, string[]> = {
  1: ['M9V', 'M9W', 'M9L'], 2: ['M9A', 'M9B', 'M9C', 'M9R'], 3: ['M8V', 'M8W', 'M8Y', 'M8Z'], 4: ['M6K', 'M6P', 'M6R', 'M6S'],
  5: ['M6M', 'M6N', 'M9N'], 6: ['M3H', 'M3J', 'M3K'], 7: ['M3N', 'M9M', 'M3L'], 8: ['M5M', 'M5N', 'M6A', 'M6B'], 9: ['M6G', 'M6H', 'M6J'],
  10: ['M5V', 'M5J', 'M6J'], 11: ['M5R', 'M5S', 'M5T', 'M4W'], 12: ['M4V', 'M5P', 'M6C'], 13: ['M5A', 'M5B', 'M4X', 'M4Y'], 14: ['M4K', 'M4M', 'M4J'],
  15: ['M4N', 'M4P', 'M4G', 'M3B'], 16: ['M3A', 'M3C', 'M4A'], 17: ['M2H', 'M2J', 'M2K'], 18: ['M2M', 'M2N', 'M2R'], 19: ['M4C', 'M4E', 'M4L'],
  20: ['M1K', 'M1L', 'M1M', 'M1N'], 21: ['M1H', 'M1P', 'M1R'], 22: ['M1S', 'M1T', 'M1W'], 23: ['M1V', 'M1X', 'M1B'], 24: ['M1E', 'M1G', 'M1C'],
  25: ['M1B', 'M1C', 'M1E'],
};
const LETTERS = 'ABCEGHJKLMNPRSTVWXYZ';

/** FSA of a point: the ward's areas split by a fine grid, so neighbours usually share one. */
export function fsaAt(ward: number, lat: number, lon: number): string {
  const list = FSA_BY_WARD[ward] ?? ['M5V'];
  const cell = Math.abs(Math.floor(lat * 90) * 7 + Math.floor(lon * 70));
  return list[cell % list.length];
}
export function randomFsa(rng: Rng, ward = 0): string { return rng.pick(FSA_BY_WARD[ward || rng.int(1, 25)]); }
export function postalIn(rng: Rng, fsa: string): string { return `${fsa} ${rng.int(1, 9)}${rng.pick([...LETTERS])}${rng.int(0, 9)}`; }
