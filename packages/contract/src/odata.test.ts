import { describe, expect, it } from 'vitest';
import { ODataQuerySchema, odataString } from './odata';

describe('ODataQuerySchema', () => {
  it('accepts the options as optional strings and nothing else in their place', () => {
    expect(ODataQuerySchema.parse({})).toEqual({});
    expect(ODataQuerySchema.parse({ $select: 'id,name', $top: '5', $count: 'true' })).toEqual({
      $select: 'id,name',
      $top: '5',
      $count: 'true',
    });
    expect(ODataQuerySchema.safeParse({ $top: ['1', '2'] }).success).toBe(false);
  });
});

describe('odataString', () => {
  it('quotes text and doubles the quotes inside it', () => {
    expect(odataString("O'Brien")).toBe("'O''Brien'");
    expect(odataString('')).toBe("''");
  });
});
