import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fillOperationPath, operation, pathParamNames } from './operation';
import { OPERATION_LIST } from './operations/index';
import { idParam, paramTargets } from './params';

describe('the operation table', () => {
  it('declares each method and path once', () => {
    const keys = OPERATION_LIST.map(({ operation: e }) => `${e.method} ${e.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('has a params schema naming exactly the path parameters of each operation', () => {
    for (const { area, name, operation: e } of OPERATION_LIST) {
      const declared = Object.keys(e.params?.shape ?? {}).sort();
      expect(declared, `${area}.${name}`).toEqual(pathParamNames(e.path).sort());
    }
  });

  it('says what record each path parameter names, so the tests can offer another company’s', () => {
    for (const { area, name, operation: e } of OPERATION_LIST) {
      for (const [param, schema] of Object.entries(e.params?.shape ?? {})) {
        expect(paramTargets.get(schema as z.ZodType), `${area}.${name} :${param}`).toBeDefined();
      }
    }
  });

  it('keeps the API below /api, but for the health probes', () => {
    for (const { area, operation: e } of OPERATION_LIST) {
      if (area === 'health') expect(e.access).toBe('public');
      else expect(e.path.startsWith('/api/'), e.path).toBe(true);
    }
  });

  it('types a path parameter without a schema as an error', () => {
    // @ts-expect-error the path names :id, so a params schema with id is required
    operation({ method: 'GET', path: '/api/things/:id', summary: 's', access: 'public', response: z.null() });
    operation({
      method: 'GET',
      path: '/api/things/:id',
      summary: 's',
      access: 'public',
      // @ts-expect-error the schema must name the path's parameter
      params: z.object({ thingId: idParam('site') }),
      response: z.null(),
    });
  });
});

describe('id parameters', () => {
  const id = idParam('order');

  it('read plain decimal digits of a PostgreSQL integer', () => {
    expect(id.parse('1')).toBe(1);
    expect(id.parse('2147483647')).toBe(2147483647);
  });

  it.each(['0', '-1', '2147483648', '9223372036854775808', '1e3', '0x10', ' 1', '1 ', '+1', '01', '1.0', 'abc', ''])(
    'refuse %j',
    (value) => {
      expect(id.safeParse(value).success).toBe(false);
    },
  );
});

describe('fillOperationPath', () => {
  it('encodes each parameter and refuses a missing one', () => {
    expect(fillOperationPath('/api/orders/pending/:cli/:orderItemId', { cli: '07700 900/1', orderItemId: 4 })).toBe(
      '/api/orders/pending/07700%20900%2F1/4',
    );
    expect(() => fillOperationPath('/api/orders/:orderId/items', {})).toThrow(/orderId/);
  });
});
