import { describe, expect, it } from 'vitest';
import { textArrayLiteral } from './sql-array.ts';

describe('textArrayLiteral', () => {
  it('quotes every element, so commas, braces, quotes, backslashes and spaces stay inside it', () => {
    expect(textArrayLiteral(['a', 'b,c', '{d}', 'e"f', 'g\\h', ' i ', ''])).toBe(
      '{"a","b,c","{d}","e\\"f","g\\\\h"," i ",""}',
    );
    expect(textArrayLiteral([])).toBe('{}');
  });
});
