import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPhone } from '../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { heartbeatAll } from '../../test/locker-helpers.ts';

/**
 * What an outside developer gets from the API document: types generated from `/api/docs/json` with
 * openapi-typescript, a client written against them (book-and-order.ts) that must compile with
 * TypeScript's strictest settings, and that client making a booking and an order end to end over
 * HTTP, paying both on testpay's checkout form.
 */
const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));

/** What book-and-order.ts gives back, as far as this test reads it. */
interface OutsideClient {
  bookAndOrder(
    baseUrl: string,
    phone: string,
    shop: { sellerId: string; siteId: string },
  ): Promise<{ booking: { state: string }; order: { state: string } }>;
}

let t: TestApp;
let baseUrl: string;
beforeAll(async () => {
  t = await buildTestApp({ env: { AUTH_IP_CODES_PER_HOUR: '1000' } });
  await heartbeatAll(t);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = t.app.server.address();
  baseUrl = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
}, 60_000);
afterAll(() => t?.close());

describe('a client generated from the API document', () => {
  it('compiles, and books a locker and orders from a shop with it', async () => {
    const doc = (await (await fetch(`${baseUrl}/api/docs/json`)).json()) as OpenAPI3;
    writeFileSync(here('./petti-api.d.ts'), astToString(await openapiTS(doc)));

    const program = ts.createProgram([here('./book-and-order.ts')], {
      strict: true,
      noEmit: true,
      exactOptionalPropertyTypes: true,
      noUncheckedIndexedAccess: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
      types: [],
      skipLibCheck: true,
    });
    const errors = ts
      .getPreEmitDiagnostics(program)
      .map(
        (d) =>
          `${d.file?.fileName.split('/').pop()}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`,
      );
    expect(errors).toEqual([]);

    // Imported by a path TypeScript does not follow: the server's own typecheck runs on a fresh clone,
    // before any test has generated the types the client is compiled against here.
    const client: OutsideClient = await import(here('./book-and-order.ts'));
    const { bookAndOrder } = client;
    const { booking, order } = await bookAndOrder(baseUrl, freshPhone(), {
      sellerId: 'sri-murugan-stores',
      siteId: 'railway-station',
    });
    // Paid: the locker is held for the shopper (reserved, or scheduled for later), with its PIN.
    expect(['reserved', 'scheduled'], JSON.stringify(booking)).toContain(booking.state);
    expect(order.state).toBe('placed');
  }, 120_000);
});
