import { describe, expect, it } from 'vitest';
import { createVersionedMemo } from './versioned-memo.js';

describe('createVersionedMemo', () => {
  it('makes an owner’s value once per version, and never hands it to another owner', async () => {
    const memo = createVersionedMemo<string>();
    let made = 0;
    const make = (text: string) => () => {
      made += 1;
      return text;
    };
    expect(await memo.get(1, 'v1', make('one at v1'))).toBe('one at v1');
    expect(await memo.get(1, 'v1', make('again'))).toBe('one at v1');
    expect(await memo.get(2, 'v1', make('two at v1'))).toBe('two at v1');
    expect(await memo.get(1, 'v2', make('one at v2'))).toBe('one at v2');
    expect(made).toBe(3);
  });

  it('starts over when full rather than growing', async () => {
    const memo = createVersionedMemo<number>(2);
    await memo.get(1, 'v', () => 1);
    await memo.get(2, 'v', () => 2);
    await memo.get(3, 'v', () => 3);
    expect(await memo.get(1, 'v', () => 10)).toBe(10);
  });
});
