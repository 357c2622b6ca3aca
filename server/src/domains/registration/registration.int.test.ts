import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildRunningPaperMapping, buildUser, type TestUser } from '../../../test/factories.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';

/*
 * Issue 31 item 9: a strategy type's registration pack, from its documented rules, its settings' bounds, the
 * controls in force and the caller's own evidence, as Markdown and as PDF, well within 5 s.
 */

let t: TestApp;
let owner: TestUser;
beforeEach(async () => {
  t = await buildTestApp();
  owner = await buildUser(t);
});
afterEach(async () => {
  await t.close();
});

const CLOSE = Date.parse('2026-11-23T05:00:00Z'); // Monday 10:30 IST

const pack = (user: TestUser, query = '', type = 'RDX') =>
  t.request({ method: 'GET', url: `/api/strategies/types/${type}/registration-pack${query}`, token: user.token });

describe("a strategy type's registration pack", () => {
  it("says the rules, the bounds, the controls and the trader's own paper evidence, in Markdown", async () => {
    await buildRunningPaperMapping(t, owner);
    await t.services.engine.start();
    await t.services.engine.evaluate('256265', '15m', 2450000, CLOSE);

    const res = await pack(owner);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/markdown; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="rdx-v1-registration.md"');
    const md = res.body;
    expect(md).toContain('# RDX (rules v1, algo ID RDX-1): algo registration pack');
    expect(md).toContain('## Rules');
    expect(md).toContain('- Entry (no legs open): sells CE Count x Lot Count lots of the call at ATM + Offset');
    expect(md).toContain('- Lot Count: 1 to 50 lots per leg count.');
    expect(md).toContain('at most 10 orders a second');
    expect(md).toContain(
      'Kill switch: an admin stops every strategy and buys back every leg in one action; now released.',
    );
    expect(md).toContain('No finished backtest of this strategy yet');
    expect(md).toMatch(/- Paper: 2 fills across 1 strategies, 23 Nov 2026, 10:30 IST to 23 Nov 2026, 10:30 IST\./);
    expect(md).toContain(`Prepared for: ${owner.username}, on a sandbox console`);
  });

  it("uses only the caller's own evidence: another trader's pack shows none of it", async () => {
    await buildRunningPaperMapping(t, owner);
    await t.services.engine.start();
    await t.services.engine.evaluate('256265', '15m', 2450000, CLOSE);
    const other = await buildUser(t);
    const md = (await pack(other)).body;
    expect(md).toContain('- Paper: no fills yet.');
    expect(md).not.toContain(owner.username);
  });

  it('comes as a PDF on asking, and refuses an unknown type or format in words', async () => {
    const pdf = await pack(owner, '?format=pdf');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 8).toString('latin1')).toBe('%PDF-1.4');
    expect(pdf.rawPayload.toString('latin1')).toContain(
      '(RDX \\(rules v1, algo ID RDX-1\\): algo registration pack) Tj',
    );

    const unknown = await pack(owner, '', 'NOPE');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe('Strategy type not found');
    const badFormat = await pack(owner, '?format=docx');
    expect(badFormat.statusCode).toBe(400);
    expect(badFormat.json().error).toMatch(/format must be md or pdf/);
  });
});
