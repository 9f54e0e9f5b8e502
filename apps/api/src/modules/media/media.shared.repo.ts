import { IMAGE_WIDTHS } from '@incentive/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { images } from '../../db/schema.ts';
import { EXTENSION, IMAGES_PREFIX, URL_WIDTH } from './image-urls.ts';
import type { ImageRow } from './media.repo.ts';

/*
 * The statement parts media lends to other modules' SQL (decision 052): an image's columns and its
 * URLs, written inside the lists that show it, so that a list stays one statement.
 */

/**
 * `hash`, `width`, `height` of the image a row points to, as a JSON object or null, for lists
 * built as JSON in SQL: select `imageColumns(quizzes.imageHash)` and pass the parsed value to imageOf.
 * The owner's column is read in a FROM-subquery of its own: drizzle writes a single table's
 * columns unqualified, and `"hash"` next to `images i` would mean `i.hash`.
 */
export function imageColumns(hashColumn: SQL | unknown): SQL<ImageRow | null> {
  return sql<ImageRow | null>`(select json_build_object('hash', i.hash, 'width', i.width, 'height', i.height)
    from (select ${hashColumn} as owner_hash) o join ${images} i on i.hash = o.owner_hash)`;
}

/**
 * imageOf in SQL, for lists PostgreSQL writes as JSON (lib/sql-json.ts): the same object from the
 * image's hash, width and height (columns or expressions; null when the hash is). A hash is hex,
 * so it needs no escaping in a URL (image-sql.test.ts compares the two).
 */
export function imageSql(hash: SQL | unknown, width: SQL | unknown, height: SQL | unknown): SQL {
  // Plain expressions over the fixed widths (no subquery per row); constants as literals.
  const lit = (text: string) => sql.raw(`'${text}'`);
  const base = sql`${lit(IMAGES_PREFIX)} || ${hash} || '/'`;
  const srcset = (ext: string) => {
    const below = IMAGE_WIDTHS.map(
      (w) =>
        sql`(case when ${width} > ${sql.raw(String(w))} then ${base} || ${lit(`${w}.${ext} ${w}w, `)} else '' end)`,
    );
    return sql`(${sql.join(below, sql` || `)} || ${base} || ${width} || ${lit(`.${ext} `)} || ${width} || 'w')`;
  };
  const urlWidth = sql.raw(String(URL_WIDTH));
  const hasUrlWidth = IMAGE_WIDTHS.some((w) => w === URL_WIDTH)
    ? sql`${width} >= ${urlWidth}`
    : sql`${width} = ${urlWidth}`;
  return sql`case when ${hash} is null then null else json_build_object(
    'url', ${base} || (case when ${hasUrlWidth} then ${urlWidth} else ${width} end) || ${lit(`.${EXTENSION.jpeg}`)},
    'webp', ${srcset(EXTENSION.webp)}, 'jpeg', ${srcset(EXTENSION.jpeg)}, 'width', ${width}, 'height', ${height}) end`;
}
