import { describe, expect, it } from 'vitest';
import { takesGzip } from './http.js';

describe('takesGzip', () => {
  it('reads an Accept-Encoding as browsers and HTTP clients send it (RFC 9110 §12.5.3)', () => {
    expect(takesGzip('gzip, deflate, br, zstd')).toBe(true);
    expect(takesGzip('GZIP')).toBe(true);
    expect(takesGzip('br;q=1.0, gzip;q=0.8, *;q=0.1')).toBe(true);
    expect(takesGzip('*')).toBe(true);
  });

  it('is false without the header, for other codings only, and where gzip is refused with q=0', () => {
    expect(takesGzip(undefined)).toBe(false);
    expect(takesGzip('')).toBe(false);
    expect(takesGzip('identity')).toBe(false);
    expect(takesGzip('br, deflate')).toBe(false);
    expect(takesGzip('gzip;q=0, identity')).toBe(false);
    expect(takesGzip('gzip; q=0.000')).toBe(false);
    expect(takesGzip('gzip;q=0, *')).toBe(false);
  });
});
