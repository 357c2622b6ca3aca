import { z } from 'zod';
import { defineRoute } from './route.js';

/*
 * Issue 31 item 9: the white-box description brokers ask of an algo before they register it with the exchange
 * (SEBI's retail-algo framework, 2026), produced from a strategy type's documented rules, its configuration
 * limits, the risk controls in force and the caller's latest evidence for it.
 */

export const RegistrationPackParamsSchema = z.object({
  type: z
    .string({ error: 'Strategy type is required' })
    .trim()
    .min(1, { error: 'Strategy type is required' })
    .max(64, { error: 'Strategy type must be at most 64 characters' }),
});

export const RegistrationPackQuerySchema = z.object({
  /** `md` (Markdown, the default) or `pdf`. */
  format: z.preprocess(
    (v) => (v === '' || v === undefined ? 'md' : v),
    z.enum(['md', 'pdf'], { error: 'format must be md or pdf' }),
  ),
});

export const registrationRoutes = {
  /** The pack as a file (text/markdown or application/pdf, not the JSON envelope; a refusal is still one). */
  pack: defineRoute({
    method: 'GET',
    path: '/strategies/types/:type/registration-pack',
    access: 'user',
    params: RegistrationPackParamsSchema,
    query: RegistrationPackQuerySchema,
    data: z.string(),
  }),
};
