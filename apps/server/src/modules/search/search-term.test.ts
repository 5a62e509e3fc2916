import { describe, expect, it } from 'vitest';
import { likeEscape, parseSearchTerm } from './search-term.js';

describe('parseSearchTerm', () => {
  it('reads a UK number written with +44, spaces or brackets as its national digits', () => {
    expect(parseSearchTerm('+44 7700 900123').number).toBe('07700900123');
    expect(parseSearchTerm('0044 (0)161 496 0000').number).toBe('01614960000');
    expect(parseSearchTerm('07700-900-123').number).toBe('07700900123');
    expect(parseSearchTerm(' 900123 ').number).toBe('900123');
  });

  it('keeps words as lower-case text and is not a number', () => {
    expect(parseSearchTerm('  Leeds Depot ')).toEqual({ text: 'leeds depot', number: null });
    expect(parseSearchTerm('MOB-100024').number).toBeNull();
  });
});

describe('likeEscape', () => {
  it('makes wildcards literal', () => {
    expect(likeEscape('50%_off\\')).toBe('50\\%\\_off\\\\');
  });
});
