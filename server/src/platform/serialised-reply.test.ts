import { defineRoute } from '@app/contract';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { mount, type Authenticate } from './http.js';
import { serialiseReply } from './serialised-reply.js';

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
