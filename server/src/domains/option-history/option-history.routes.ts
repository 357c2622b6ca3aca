import { api, OPTION_CANDLES_IMPORT_MAX_BYTES } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { mount, type Authenticate } from '../../platform/http.js';
import type { OptionHistoryService } from './option-history.service.js';

/**
 * The option-candle import (admins). Its body is CSV text: the parsers for `text/csv` and `text/plain`, and their size
 * cap, hold in this route's own plugin scope only, so every other route keeps JSON and the 1 MB cap. A body
 * over the cap is refused with 413 before it is read.
 */
export function registerOptionHistoryRoutes(
  app: FastifyInstance,
  authenticate: Authenticate,
  service: OptionHistoryService,
): void {
  void app.register((scope, _options, done) => {
    // Plain text too (a file a browser or a script sends as text), under the same cap.
    scope.removeContentTypeParser('text/plain');
    scope.addContentTypeParser(
      ['text/csv', 'text/plain'],
      { parseAs: 'string', bodyLimit: OPTION_CANDLES_IMPORT_MAX_BYTES },
      (_req, body, parsed) => parsed(null, body),
    );
    mount(scope, authenticate, api.optionHistory.importCandles, ({ body }) => service.importCsv(body));
    done();
  });
}
