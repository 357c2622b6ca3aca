import { describe, expect, it } from 'vitest';
import { registrationPackPath } from './RegistrationPack';

describe('the registration pack download', () => {
  it('asks for the strategy type and format the trader picked', () => {
    expect(registrationPackPath('RDX', 'pdf')).toBe('/strategies/types/RDX/registration-pack?format=pdf');
    expect(registrationPackPath('A B', 'md')).toBe('/strategies/types/A%20B/registration-pack?format=md');
  });
});
