import { defineRoute } from '@app/contract';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { mount, type Authenticate } from './http.js';
import { SerialisedReply, serialiseReply } from './serialised-reply.js';

const at = (path: string) =>
  defineRoute({ method: 'GET', path, access: 'public', data: z.object({ n: z.number().int() }) });
const one = at('/one');
const two = at('/two');
const nobody: Authenticate = () => Promise.reject(new Error('not asked: the routes are public'));

async function appWith(register: (app: ReturnType<typeof Fastify>) => void) {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  register(app);
  await app.ready();
  return app;
}

describe('serialiseReply', () => {
  it('is sent as the envelope JSON the route would have written', async () => {
    const prepared = serialiseReply(one, { n: 7 });
    const app = await appWith((a) => {
      mount(a, nobody, one, () => Promise.resolve(prepared));
      mount(a, nobody, two, () => Promise.resolve({ n: 7 }));
    });
    const shared = await app.inject({ method: 'GET', url: '/api/one' });
    const written = await app.inject({ method: 'GET', url: '/api/two' });
    expect(shared.statusCode).toBe(200);
    expect(shared.headers['content-type']).toBe(written.headers['content-type']);
    expect(shared.body).toBe(written.body);
    await app.close();
  });

  it('refuses data its route’s schema refuses, as the serializer would', () => {
    expect(() => serialiseReply(one, { n: 1.5 })).toThrow('does not match its schema');
  });

  it('is not sent on a route other than its own', async () => {
    const app = await appWith((a) =>
      mount(a, nobody, two, () => Promise.resolve(serialiseReply(one, { n: 1 }) as never)),
    );
    expect((await app.inject({ method: 'GET', url: '/api/two' })).statusCode).toBe(500);
    await app.close();
  });
});

describe('SerialisedReply.inTurns', () => {
  const row = z.object({ id: z.number().int(), name: z.string(), at: z.iso.datetime() });
  const listed = defineRoute({
    method: 'GET',
    path: '/listed',
    access: 'public',
    data: z.object({ before: z.number(), rows: z.array(row), after: z.object({ note: z.string() }) }),
  });
  const rows = (n: number) =>
    Array.from({ length: n }, (_, i) => ({
      id: i,
      name: i % 3 === 0 ? `quote " back\\slash ${i} ₹ \u0000` : `row ${i}`,
      at: new Date(Date.UTC(2026, 10, 23, 5, 0, i % 60)).toISOString(),
    }));

  it('writes the same bytes as serialiseReply, whatever the list’s length', async () => {
    for (const n of [0, 1, 199, 200, 201, 450]) {
      const data = { before: 1.5, rows: rows(n), after: { note: 'the end' } };
      const inTurns = await SerialisedReply.inTurns(listed, data, 'rows', 0);
      expect(inTurns.body.equals(serialiseReply(listed, data).body)).toBe(true);
    }
  });

  it('refuses a row its schema refuses, as serialiseReply does', async () => {
    const data = { before: 1, rows: [...rows(300), { id: 1.5, name: 'x', at: 'never' }], after: { note: '' } };
    await expect(SerialisedReply.inTurns(listed, data, 'rows', 0)).rejects.toThrow('does not match its schema');
  });

  it('refuses the rest of the envelope when its schema does', async () => {
    const data = { before: 1, rows: rows(3), after: { note: 7 as unknown as string } };
    await expect(SerialisedReply.inTurns(listed, data, 'rows', 0)).rejects.toThrow('does not match its schema');
  });

  it('refuses a field that is not a plain list', async () => {
    await expect(
      SerialisedReply.inTurns(listed, { before: 1, rows: [], after: { note: '' } }, 'before', 0),
    ).rejects.toThrow('not a plain list');
  });
});
