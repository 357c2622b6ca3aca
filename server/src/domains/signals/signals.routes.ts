import { api, SIGNAL_SIGNATURE_HEADER } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { mount, type Authenticate } from '../../platform/http.js';
import type { SignalsService } from './signals.service.js';

/** A signal's body is small: an alert message. */
const SIGNAL_BODY_LIMIT = 16 * 1024;

export function registerSignalsRoutes(app: FastifyInstance, authenticate: Authenticate, signals: SignalsService): void {
  mount(app, authenticate, api.signals.rotateSecret, ({ auth, params }) => signals.rotate(auth, params.id));
  // In a scope of its own, the signal reads its body as the bytes sent: the signature is over exactly those,
  // and TradingView posts JSON as text/plain when the message is not valid JSON (the service says so in words).
  void app.register((scope, _options, done) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: SIGNAL_BODY_LIMIT }, (_req, body, parsed) => {
      parsed(null, body);
    });
    mount(scope, authenticate, api.signals.send, ({ params, body, req }) => {
      const signature = req.headers[SIGNAL_SIGNATURE_HEADER];
      return signals.receive({
        token: params.signal_token,
        raw: Buffer.isBuffer(body) ? body : Buffer.alloc(0),
        signature: typeof signature === 'string' ? signature : undefined,
        ip: req.ip,
      });
    });
    done();
  });
}
