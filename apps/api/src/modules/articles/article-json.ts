import type { AdminArticle, AdminArticleListRow, Image, RepArticle, RepArticleListItem } from '@incentive/contracts';
import { imageOf } from '../media/media.service.ts';
import type { AdminFullRow, AdminRow, RepFullRow, RepRow } from './article-read.repo.ts';

/*
 * Rows as the contracts' shapes. The rep's shapes are built field by field: no status, author or
 * product name, nothing a rep has no use for.
 */

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function imageJson(r: { imageHash: string; imageWidth: number; imageHeight: number }): Image {
  // An article always has an image (image_hash is not null and joined).
  return imageOf({ hash: r.imageHash, width: r.imageWidth, height: r.imageHeight }) as Image;
}

export function adminRowJson(r: Omit<AdminRow, 'total'>): AdminArticleListRow {
  return {
    id: r.id,
    uuid: r.uuid,
    name: r.title,
    lead: r.lead,
    image: imageJson(r),
    video_url: r.videoUrl,
    product: r.productId !== null && r.productName !== null ? { id: r.productId, name: r.productName } : null,
    status: r.status,
    published_at: iso(r.publishedAt),
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  };
}

export function adminArticleJson(r: AdminFullRow): AdminArticle {
  return { ...adminRowJson(r), content: r.content, product_id: r.productId };
}

export function repRowJson(r: Omit<RepRow, 'total'>): RepArticleListItem {
  return {
    id: r.id,
    uuid: r.uuid,
    name: r.title,
    lead: r.lead,
    image: imageJson(r),
    video_url: r.videoUrl,
    // Live rows always have a date (liveSql).
    published_at: (r.publishedAt as Date).toISOString(),
  };
}

export function repArticleJson(r: RepFullRow): RepArticle {
  return { ...repRowJson(r), content: r.content, product_id: r.productId, created_at: r.createdAt.toISOString() };
}
