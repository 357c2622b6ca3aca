import { z } from 'zod';
import { defineRoute } from './route.js';

export const WorkerStatusSchema = z.object({
  name: z.string(),
  isRunning: z.boolean(),
  lastTickAt: z.string().nullable(),
  lastError: z.string().nullable(),
  /** How late the worker's last tick started, ms. */
  lagMs: z.number().nullable(),
});

/** What runs where: for admins only (an anonymous caller learns nothing about the deployment). */
export const HealthDetailsSchema = z.object({
  version: z.string(),
  database: z.enum(['sqlite', 'postgres']),
  marketMode: z.enum(['sandbox', 'live']),
  uptimeSeconds: z.number(),
  workers: z.array(WorkerStatusSchema),
  /** This console instance's name. */
  instance: z.string(),
  /** The instance running the engine, scheduler and live sync (the leader), when one has announced itself. */
  leader: z.string().nullable(),
});
export type HealthDetails = z.infer<typeof HealthDetailsSchema>;

/**
 * GET /api/health: anyone (a load balancer, a probe) learns that the console is up; an admin's bearer token
 * also gets `details`, which the admin screens read.
 */
export const HealthSchema = z.object({
  status: z.literal('up'),
  details: HealthDetailsSchema.optional(),
});
export type Health = z.infer<typeof HealthSchema>;

export const healthRoutes = {
  health: defineRoute({ method: 'GET', path: '/health', access: 'public', data: HealthSchema }),
};
