import { z } from 'zod';
import { defineRoute, IdParamsSchema, requiredText } from './route.js';
import { idField, IsoTimeSchema } from './fields.js';

export const BrokerSchema = z.object({ id: z.number().int(), name: z.string() });
export type Broker = z.infer<typeof BrokerSchema>;

/** A user's broker account. The token itself never leaves the server: only whether one is set. */
export const UserBrokerSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  broker_id: z.number().int(),
  broker_name: z.string(),
  broker_username: z.string(),
  has_token: z.boolean(),
  token_updated_at: IsoTimeSchema.nullable(),
  /** Kite access tokens die at the next 06:00 IST after they were issued; null without a token. */
  token_expires_at: IsoTimeSchema.nullable(),
  created_at: IsoTimeSchema,
});
export type UserBroker = z.infer<typeof UserBrokerSchema>;

const brokerToken = z
  .string()
  .max(512, { error: 'Broker Token must be at most 512 characters' })
  .trim()
  .optional()
  .nullable();

export const CreateUserBrokerSchema = z.object({
  broker_id: idField('broker_id', 'Broker is required'),
  broker_username: requiredText('broker_username', 128),
  /** Optional; an empty string means "no token". */
  broker_token: brokerToken,
});
export type CreateUserBroker = z.infer<typeof CreateUserBrokerSchema>;

/** Omitted or empty broker_token keeps the stored one; null clears it. */
export const UpdateUserBrokerSchema = CreateUserBrokerSchema.partial();
export type UpdateUserBroker = z.infer<typeof UpdateUserBrokerSchema>;

export const UserIdParamsSchema = z.object({ userId: z.coerce.number().int().positive() });

export const GenerateBrokerTokenSchema = z.object({
  password: z
    .string({ error: 'Password and app code are required' })
    .min(1, { error: 'Password and app code are required' }),
  appcode: z
    .string({ error: 'Password and app code are required' })
    .trim()
    .regex(/^\d{6}$/, { error: 'App Code must be the 6-digit code' }),
});

export const GenerateKiteTokenSchema = z.object({
  appCode: z
    .string({ error: 'App Code is required' })
    .trim()
    .min(1, { error: 'App Code is required' })
    .regex(/^\d{6}$/, { error: 'App Code must be the 6-digit code' }),
});

export const brokersRoutes = {
  list: defineRoute({ method: 'GET', path: '/brokers/list', access: 'user', data: z.array(BrokerSchema) }),
  listMine: defineRoute({
    method: 'GET',
    path: '/brokers/user-brokers',
    access: 'user',
    data: z.array(UserBrokerSchema),
  }),
  create: defineRoute({
    method: 'POST',
    path: '/brokers/user-brokers',
    access: 'user',
    body: CreateUserBrokerSchema,
    data: UserBrokerSchema,
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/brokers/user-brokers/:id',
    access: 'user',
    ownerScoped: true,
    params: IdParamsSchema,
    body: UpdateUserBrokerSchema,
    data: UserBrokerSchema,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/brokers/user-brokers/:id',
    access: 'user',
    ownerScoped: true,
    params: IdParamsSchema,
    data: z.object({ id: z.number().int() }),
  }),
  listForUser: defineRoute({
    method: 'GET',
    path: '/brokers/admin/user-brokers/:userId',
    access: 'admin',
    params: UserIdParamsSchema,
    data: z.array(UserBrokerSchema),
  }),
};

/** Token generation calls, completed by the market-data issue. */
export const brokerTokenRoutes = {
  generateKiteToken: defineRoute({
    method: 'POST',
    path: '/brokers/generate-kite-token',
    access: 'admin',
    body: GenerateKiteTokenSchema,
    data: z.object({ user_id: z.string(), login_time: IsoTimeSchema.nullable() }),
  }),
  generateUserToken: defineRoute({
    method: 'POST',
    path: '/brokers/user-brokers/:id/generate-token',
    access: 'user',
    ownerScoped: true,
    params: IdParamsSchema,
    body: GenerateBrokerTokenSchema,
    data: UserBrokerSchema,
  }),
};
