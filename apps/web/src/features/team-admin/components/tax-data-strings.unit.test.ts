import { TAX_DATA_MESSAGES_EN, TAX_DATA_MESSAGES_PL } from '@incentive/contracts/messages-server';
import { describe, expect, it } from 'vitest';
import en from '../../../locales/profile/en.json';
import pl from '../../../locales/profile/pl.json';

/** `{ taxData: { x: '…' } }` as the server's flat table: `{ 'taxData.x': '…' }`. */
const flat = (texts: { taxData: Record<string, string> }) =>
  Object.fromEntries(Object.entries(texts.taxData).map(([k, v]) => [`taxData.${k}`, v]));

describe('the profile tab’s validation messages', () => {
  it('are the server’s, word for word, in both languages', () => {
    expect(flat(pl)).toEqual(TAX_DATA_MESSAGES_PL);
    expect(flat(en)).toEqual(TAX_DATA_MESSAGES_EN);
  });
});
