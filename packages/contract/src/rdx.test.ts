import { describe, expect, it } from 'vitest';
import { serviceExposure } from './rdx.js';

describe('serviceExposure', () => {
  it('counts running and paused strategies, and those holding legs by mode, per owner', () => {
    const exposure = serviceExposure([
      { userId: 1, isDummy: false, runningStatus: 1, holdsLegs: true },
      { userId: 1, isDummy: true, runningStatus: 1, holdsLegs: false },
      { userId: 2, isDummy: true, runningStatus: 2, holdsLegs: true },
      // Stopped with legs still open (an exit the broker refused): held too.
      { userId: 3, isDummy: false, runningStatus: 0, holdsLegs: true },
      { userId: 4, isDummy: false, runningStatus: 0, holdsLegs: false },
    ]);
    expect(exposure).toEqual({
      running: 2,
      paused: 1,
      holdingLegs: { live: 2, paper: 1 },
      owners: [
        { userId: 1, running: 2, paused: 0, holdingLegs: 1 },
        { userId: 2, running: 0, paused: 1, holdingLegs: 1 },
        { userId: 3, running: 0, paused: 0, holdingLegs: 1 },
      ],
    });
  });

  it('is all zeros with nobody to tell when nothing runs or holds legs', () => {
    expect(serviceExposure([{ userId: 4, isDummy: true, runningStatus: 0, holdsLegs: false }])).toEqual({
      running: 0,
      paused: 0,
      holdingLegs: { live: 0, paper: 0 },
      owners: [],
    });
  });
});
