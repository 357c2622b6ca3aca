/** User-facing strings of SPEC §5 and §8, kept in one place so UI and server agree. */
export const MSG = {
  loginFailed: 'Login failed',
  tokenVerificationFailed: 'Token verification failed',
  noToken: 'No token found',
  noAuthToken: 'No authentication token found',
  invalidCredentials: 'Invalid username or password',
  sessionExpired: 'Session expired or revoked',
  adminOnly: 'Admin access required',
  tooManyLogins: 'Too many failed login attempts. Try again later.',

  failedFetchUsers: 'Failed to fetch users',
  failedCreateUser: 'Failed to create user',
  failedDeleteUser: 'Failed to delete user',
  confirmDeleteUser: 'Are you sure you want to delete this user?',
  usernameTaken: 'Username already exists',
  cannotDeleteSelf: 'You cannot delete your own account',
  cannotRemoveLastAdmin: 'At least one admin must remain',
} as const;
