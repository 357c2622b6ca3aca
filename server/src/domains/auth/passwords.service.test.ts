import bcrypt from 'bcryptjs';
import { describe, expect, it } from 'vitest';
import { createPasswordHasher } from './passwords.service.js';

const hasher = createPasswordHasher(4);

describe('password hashing', () => {
  it('counts every byte of a long password, not only the first 72 that bcrypt reads', async () => {
    const shared = 'correct horse battery staple '.repeat(3); // 87 characters
    expect(Buffer.byteLength(shared)).toBeGreaterThan(72);
    const hash = await hasher.hash(`${shared}one`);
    expect(await hasher.verify(`${shared}one`, hash)).toBe(true);
    expect(await hasher.verify(`${shared}two`, hash)).toBe(false);
    expect(await hasher.verify(shared, hash)).toBe(false);
  });

  it('counts multi-byte characters too (72 bytes is 24 Devanagari letters)', async () => {
    const hash = await hasher.hash(`${'क'.repeat(30)}1`);
    expect(await hasher.verify(`${'क'.repeat(30)}2`, hash)).toBe(false);
    expect(await hasher.verify(`${'क'.repeat(30)}1`, hash)).toBe(true);
  });

  it('still verifies a hash stored before pre-hashing, and marks it for replacement', async () => {
    const legacy = await bcrypt.hash('an-old-Pa55word', 4);
    expect(await hasher.verify('an-old-Pa55word', legacy)).toBe(true);
    expect(await hasher.verify('an-old-Pa55wore', legacy)).toBe(false);
    expect(hasher.isOutdated(legacy)).toBe(true);
    expect(hasher.isOutdated(await hasher.hash('an-old-Pa55word'))).toBe(false);
  });

  it('marks a hash made at a lower cost than the one configured', async () => {
    const cheap = await createPasswordHasher(4).hash('some-Pa55word');
    expect(createPasswordHasher(5).isOutdated(cheap)).toBe(true);
    expect(await createPasswordHasher(5).verify('some-Pa55word', cheap)).toBe(true);
  });

  it('never stores the password, nor the same hash twice', async () => {
    const [a, b] = await Promise.all([hasher.hash('same-Pa55word'), hasher.hash('same-Pa55word')]);
    expect(a).not.toBe(b);
    expect(a).not.toContain('same-Pa55word');
  });
});
