import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import { failureText } from './failure-text';

describe('failureText', () => {
  it("prefers the server's text", () => {
    expect(failureText(new ApiError('Strategy is not running', 409), 'Failed to pause strategy')).toBe(
      'Strategy is not running',
    );
  });

  it('shows the SPEC text for an endpoint the server does not serve yet, or a network failure', () => {
    const unserved = new ApiError('Route POST /api/strategies/user-mappings/3/realign not found', 404);
    expect(failureText(unserved, 'Failed to realign strategy')).toBe('Failed to realign strategy');
    expect(failureText(new TypeError('Failed to fetch'), 'Failed to exit strategy')).toBe('Failed to exit strategy');
  });

  it("keeps a domain 404's own text", () => {
    expect(failureText(new ApiError('Strategy mapping not found', 404), 'x')).toBe('Strategy mapping not found');
  });
});
