/** TanStack Query keys of brokers and users' broker configurations. */
export const brokerConfigKeys = {
  all: ['broker-config'] as const,
  brokers: () => [...brokerConfigKeys.all, 'brokers'] as const,
  mine: () => [...brokerConfigKeys.all, 'mine'] as const,
  forUser: (userId: number) => [...brokerConfigKeys.all, 'user', userId] as const,
};
