import { z } from 'zod';
import { textSchema } from './common.ts';
import { pagedQuerySchema } from './paging.ts';

export const CARD_NUMBER_LENGTH = 16;

/** POST /api/card: exactly 16 digits (spaces typed between groups are removed). */
export const addCardBodySchema = z.object({
  user_id: z.number({ error: 'validation.idInvalid' }).int().min(1).max(2_147_483_647),
  number: textSchema('card.numberInvalid')
    .transform((s) => s.replace(/\s+/g, ''))
    .pipe(z.string().regex(/^\d{16}$/, { error: 'card.numberInvalid' })),
});
export type AddCardBody = z.input<typeof addCardBodySchema>;

export const cardListQuerySchema = pagedQuerySchema(['id', 'created_at'] as const, 'created_at').extend({
  order: z.enum(['asc', 'desc'], { error: 'validation.orderInvalid' }).default('desc'),
});

/** A card row: the number is masked to its last 4 digits except for root and admin. */
export const cardRecordSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  created_at: z.string(),
  is_current: z.boolean(),
});
export type CardRecord = z.infer<typeof cardRecordSchema>;

/** Answer of POST /api/card: the new (now current) card, masked as the caller would see it. */
export const addCardResponseSchema = z.object({ message: z.string(), card: cardRecordSchema });

/** What a masked card number shows before its last 4 digits. */
export const CARD_MASK_PREFIX = '•••• •••• •••• ';

/** "•••• •••• •••• 1234" */
export function maskCardNumber(n: string): string {
  return `${CARD_MASK_PREFIX}${n.slice(-4)}`;
}
