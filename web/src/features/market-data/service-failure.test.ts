import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import { failureText } from './service-failure';

describe('failureText', () => {
  it('prefers the server text for validation, conflict and upstream failures', () => {
    expect(failureText(new ApiError('App Code must be the 6-digit code', 400), 'Failed')).toBe(
      'App Code must be the 6-digit code',
    );
    expect(failureText(new ApiError('Kite login failed', 502, 'UPSTREAM_FAILED'), 'Failed')).toBe('Kite login failed');
  });

  it('uses the catalogue text for an endpoint that is not served, an internal error or a network failure', () => {
    expect(failureText(new ApiError('Route GET /api/rdx/status not found', 404, 'NOT_FOUND'), 'Failed')).toBe('Failed');
    expect(failureText(new ApiError('Internal server error', 500, 'INTERNAL'), 'Failed')).toBe('Failed');
    expect(failureText(new TypeError('Failed to fetch'), 'Failed')).toBe('Failed');
  });
});
