import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { articles } from '../../db/schema.ts';

export interface ArticleValues {
  title: string;
  lead: string;
  content: string;
  videoUrl: string | null;
  productId: number | null;
}

export async function insertArticle(
  tx: DbOrTx,
  v: ArticleValues & { imageHash: string; publishedAt: Date | null; createdBy: number },
): Promise<number> {
  const [row] = await tx
    .insert(articles)
    .values({ ...v, updatedBy: v.createdBy })
    .returning({ id: articles.id });
  if (!row) throw new Error('article insert returned nothing');
  return row.id;
}

/**
 * Sets an article's columns when it exists and is not deleted (one statement: no read-then-write
 * race); `imageHash` and `publishedAt` undefined keep the current ones. False when there was none.
 */
export async function updateArticle(
  tx: DbOrTx,
  id: number,
  v: ArticleValues & { imageHash?: string; publishedAt?: Date | null; updatedBy: number },
): Promise<boolean> {
  const rows = await tx
    .update(articles)
    .set({ ...v, updatedAt: new Date() })
    .where(and(eq(articles.id, id), isNull(articles.deletedAt)))
    .returning({ id: articles.id });
  return rows.length > 0;
}

/** Marks an article deleted; false when there was none to delete (or it already was). */
export async function softDeleteArticle(tx: DbOrTx, id: number, by: number): Promise<boolean> {
  const now = new Date();
  const rows = await tx
    .update(articles)
    .set({ deletedAt: now, updatedAt: now, updatedBy: by })
    .where(and(eq(articles.id, id), isNull(articles.deletedAt)))
    .returning({ id: articles.id });
  return rows.length > 0;
}
