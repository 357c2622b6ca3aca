import { typeOfState } from './engine.inputs.js';
import { orderTrace } from './order-trace.logic.js';
import type { Plan } from './plan.js';

/** The trace every order of a live plan is written with (issue 31 item 7), as stored: JSON text. */
export function planTrace(plan: Plan, at: number): string {
  const type = typeOfState(plan.mapping);
  return JSON.stringify(
    orderTrace({
      strategy: type,
      decision: plan.decision,
      // A state read without settings (none stored) traces none rather than fail the order.
      config: plan.mapping.config ? type.tracedSettings(plan.mapping.config) : {},
      at,
      underlyingPaise: plan.origin?.underlyingPaise ?? null,
      author: plan.origin?.author ?? { kind: 'console' },
      because: plan.origin?.because,
    }),
  );
}
