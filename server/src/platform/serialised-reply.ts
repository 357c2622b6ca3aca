import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { constants, gzip } from 'node:zlib';
import { envelope, type DataOf, type RouteDef } from '@app/contract';
import { z } from 'zod';
import { eventLoopTurns } from './event-loop-turns.js';

const gzipAsync = promisify(gzip);

/**
 * A route's success envelope already checked against the route's schema and written as JSON, for a reply sent
 * as it is to many callers (`createSharedReplies`): checking and writing a large reply (megabytes) once instead
 * of once per caller. Made only by `serialiseReply` (its constructor is private), so its body has passed the same
 * check as any other reply; `mount` sends it only on the route it was made for.
 */
export class SerialisedReply<R extends RouteDef = RouteDef> {
  private constructor(
    readonly route: R,
    /** The envelope's JSON as bytes: encoded once, not once per caller. */
    readonly body: Buffer,
  ) {}

  private compressed: Promise<Buffer> | undefined;

  /**
   * The body gzipped, made once for every caller whose client takes gzip (a browser does): a large reply
   * (everyone's positions, ~10 MB of JSON) crosses the network in a tenth of the bytes. Compressed on libuv's
   * threads (never on the event loop), at the fastest level: JSON compresses well even so.
   */
  gzipped(): Promise<Buffer> {
    this.compressed ??= gzipAsync(this.body, { level: constants.Z_BEST_SPEED });
    return this.compressed;
  }

  /** A 200 envelope of `data` for `route`, checked as Fastify's zod serializer checks every reply; throws if it fails. */
  static of<R extends RouteDef>(route: R, data: DataOf<R>): SerialisedReply<R> {
    // Encoded as the serializer compiler does (fastify-type-provider-zod's safeEncode), so the JSON is the same.
    const result = z.safeEncode(envelope(route.data), { success: true as const, data });
    if (!result.success) {
      throw new Error(`The reply of ${route.method} ${route.path} does not match its schema`, { cause: result.error });
    }
    return new SerialisedReply(route, Buffer.from(JSON.stringify(result.data)));
  }

  /**
   * The same bytes as `of`, for a reply whose bulk is one list of `data` (everyone's positions: 10,000 rows,
   * ~10 MB): each row is checked against the list's row schema and written on its own, in turns of the event loop
   * of `turnMs` (`eventLoopTurns`), so requests arriving meanwhile are answered between turns instead of waiting
   * out the whole check and write (~120 ms). The rest of the envelope is checked as `of` checks it, with the list
   * empty; a row failing its check fails the whole reply, as in `of`.
   */
  static async inTurns<R extends RouteDef>(
    route: R,
    data: DataOf<R>,
    list: keyof DataOf<R> & string,
    turnMs: number,
  ): Promise<SerialisedReply<R>> {
    const rowSchema = rowSchemaOf(route, list);
    const fields = data as Record<string, unknown>;
    const rows = fields[list];
    if (!Array.isArray(rows)) throw new Error(`${route.method} ${route.path}: data.${list} is not a list`);
    const rest = z.safeEncode(envelope(route.data), { success: true as const, data: { ...fields, [list]: [] } });
    if (!rest.success) {
      throw new Error(`The reply of ${route.method} ${route.path} does not match its schema`, { cause: rest.error });
    }
    // The envelope written with a marker where the list goes, then cut there: the list's JSON goes between.
    const marker = JSON.stringify(`\u0000${randomUUID()}`);
    const outline = JSON.stringify({
      ...rest.data,
      data: { ...(rest.data.data as Record<string, unknown>), [list]: JSON.parse(marker) as string },
    });
    const at = outline.indexOf(marker);
    const parts = [Buffer.from(`${outline.slice(0, at)}[`)];
    const turns = eventLoopTurns(turnMs);
    // Rows are encoded to bytes a few hundred at a time: one 10 MB string would be one long step of its own.
    let written: string[] = [];
    const flush = () => {
      parts.push(Buffer.from(`${parts.length > 1 ? ',' : ''}${written.join(',')}`));
      written = [];
    };
    for (const item of rows) {
      const row = z.safeEncode(rowSchema, item);
      if (!row.success) {
        throw new Error(`The reply of ${route.method} ${route.path} does not match its schema`, { cause: row.error });
      }
      written.push(JSON.stringify(row.data));
      if (written.length >= 200) flush();
      await turns.pause();
    }
    if (written.length > 0) flush();
    parts.push(Buffer.from(`]${outline.slice(at + marker.length)}`));
    return new SerialisedReply(route, Buffer.concat(parts));
  }
}

/** The row schema of `data.<list>` in `route`: a plain list (no checks of its own, so its rows' checks are all). */
function rowSchemaOf(route: RouteDef, list: string): z.ZodType {
  // Read from the schemas' definitions rather than `instanceof`: the contract may hold its own copy of zod.
  const data = route.data._zod.def as { type: string; shape?: Record<string, z.ZodType> };
  const listDef = data.type === 'object' ? data.shape?.[list]?._zod.def : undefined;
  const plain = listDef as { type: string; element?: z.ZodType; checks?: unknown[] } | undefined;
  if (plain?.type !== 'array' || plain.element === undefined || (plain.checks?.length ?? 0) > 0) {
    throw new Error(`${route.method} ${route.path}: data.${list} is not a plain list`);
  }
  return plain.element;
}

export const serialiseReply = <R extends RouteDef>(route: R, data: DataOf<R>) => SerialisedReply.of(route, data);
