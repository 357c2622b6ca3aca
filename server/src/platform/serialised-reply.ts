import { promisify } from 'node:util';
import { constants, gzip } from 'node:zlib';
import { envelope, type DataOf, type RouteDef } from '@app/contract';
import { z } from 'zod';

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
}

export const serialiseReply = <R extends RouteDef>(route: R, data: DataOf<R>) => SerialisedReply.of(route, data);
