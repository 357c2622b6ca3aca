import { RUNNING_STATUS } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { driftHold, driftHoldRefusal } from './drift-hold.logic.js';
import { driftNoteFor } from './drift-pause.js';

const NOTE = 'NIFTY2612124600CE: console short 65, broker flat';

describe('driftHold (issue 27)', () => {
  it('holds back a strategy paused on a broker difference while it still differs', () => {
    expect(driftHold({ runningStatus: RUNNING_STATUS.PAUSED, stopReason: 'broker_drift', stopNote: NOTE })).toBe(NOTE);
  });

  it('lets it go once nothing differs (matched, or sold again in Kite), and never holds other stops', () => {
    expect(driftHold({ runningStatus: RUNNING_STATUS.PAUSED, stopReason: 'broker_drift', stopNote: null })).toBeNull();
    expect(driftHold({ runningStatus: RUNNING_STATUS.PAUSED, stopReason: 'manual', stopNote: NOTE })).toBeNull();
    // Resumed since: the stop reason is history.
    expect(driftHold({ runningStatus: RUNNING_STATUS.RUNNING, stopReason: 'broker_drift', stopNote: NOTE })).toBeNull();
  });

  it('says why the action waits and what the trader does first', () => {
    const exit = driftHoldRefusal('exit', NOTE, 'Kite');
    expect(exit).toContain('Not exited: buying back a leg the broker no longer holds would open a new position');
    expect(exit).toContain(`(${NOTE})`);
    expect(exit).toContain('Match the broker');
    expect(exit).toMatch(/then Exit$/);
    expect(driftHoldRefusal('realign', NOTE, 'Kite')).toMatch(/^Not realigned: .* then Realign$/);
    expect(driftHoldRefusal('resume', NOTE, 'Kite')).toMatch(/^Not resumed: .* then Resume$/);
    // The account's broker is named as its adapter labels it, not as one broker.
    expect(exit).toContain('Bought it back in Kite?');
    expect(driftHoldRefusal('exit', NOTE, 'Dhan')).toContain('or sell it again in Dhan so the broker holds');
  });
});

describe('driftNoteFor', () => {
  const unheld = [
    { trading_symbol: 'CE1', exchange: 'NFO', console_quantity: 65, broker_quantity: 0, drift: 65 },
    { trading_symbol: 'PE1', exchange: 'NFO', console_quantity: 65, broker_quantity: 15, drift: 50 },
  ];

  it('names only the symbols the strategy holds, and nothing once none differs', () => {
    expect(driftNoteFor(unheld, new Set(['CE1', 'XX']))).toBe('CE1: console short 65, broker flat');
    expect(driftNoteFor(unheld, new Set(['CE1', 'PE1']))).toBe(
      'CE1: console short 65, broker flat; PE1: console short 65, broker short 15',
    );
    expect(driftNoteFor([], new Set(['CE1']))).toBeNull();
  });
});
