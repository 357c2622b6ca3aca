/** TanStack Query keys of per-mapping RDX configurations (the table row and the modal share them). */
export const rdxConfigKeys = {
  all: ['rdx-config'] as const,
  detail: (mappingId: number) => [...rdxConfigKeys.all, mappingId] as const,
};
