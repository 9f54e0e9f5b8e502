import { pagedSchema, type Role, warehouseSavedSchema, warehouseSchema } from '@incentive/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, demoTokens } from '../../../test/back-office.ts';
import { POLISH_ORDER } from '../../../test/polish-order.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

/*
 * Issue 10.14: the warehouse list sorts names and addresses in the Polish alphabet (Łódź after
 * Lublin, not after Zabrze), on the suite's database. docs/decisions/017.
 */

let t: TestApp;
let call: ReturnType<typeof client>;
let tok: Record<Role, string>;
const tag = `PLW${Date.now().toString(36).toUpperCase()}`;

const pagedWarehouses = pagedSchema(warehouseSchema.strict());

beforeAll(async () => {
  t = await createTestApp();
  call = client(t);
  tok = await demoTokens(t);
  // Created backwards; each address sorts as its name does.
  for (const [i, name] of [...POLISH_ORDER].reverse().entries()) {
    const res = await call(tok.admin, 'POST', '/api/warehouses', {
      assecoId: `${tag}-${i}`,
      name,
      address: `${name} ${i}`,
    });
    expect(res.statusCode, res.body).toBe(201);
    warehouseSavedSchema.parse(res.json());
  }
});
afterAll(async () => {
  await t?.close();
});

async function names(query: string): Promise<string[]> {
  const res = await call(tok.admin, 'GET', `/api/warehouses?per_page=100&search=${tag}&${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return pagedWarehouses.parse(res.json()).data.map((w) => w.name);
}

describe('Polish alphabetical order of the warehouse list', () => {
  for (const sort of ['name', 'address'] as const) {
    it(`sorts by ${sort} both ways`, async () => {
      expect(await names(`sort=${sort}`)).toEqual(POLISH_ORDER);
      expect(await names(`sort=${sort}&order=desc`)).toEqual([...POLISH_ORDER].reverse());
    });
  }
});
