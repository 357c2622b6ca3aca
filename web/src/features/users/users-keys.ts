/** TanStack Query key of the admin's user list. */
export const usersKey = ['users'] as const;
