import { describe, expect, it } from 'vitest';
import { ODataQuerySchema, odataQueryParams, odataString } from './odata';

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

describe('odataQueryParams', () => {
  it('writes the options given, in the usual order, and leaves out absent and empty ones', () => {
    const params = odataQueryParams({
      $count: true,
      $top: 0,
      $filter: `endPointTypeId eq 1 and contains(name, ${odataString("it's")})`,
      $select: '',
      $orderby: undefined,
    });
    expect([...params.entries()]).toEqual([
      ['$filter', "endPointTypeId eq 1 and contains(name, 'it''s')"],
      ['$top', '0'],
      ['$count', 'true'],
    ]);
  });
});
