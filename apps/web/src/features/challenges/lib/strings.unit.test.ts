import { describe, expect, test } from 'vitest';
import boxPl from '../../../locales/challenges/box-pl.json';
import pl from '../../../locales/challenges/pl.json';
import en from '../../../locales/en.json';

type Tree = { [k: string]: string | Tree };

/**
 * Every leaf key of a tree with its {{placeholders}}, e.g. 'status.running {{date}}'. A count text's
 * plural variants (`units_one`, `units_other`; decision 046) count as one key: languages have
 * different sets of them.
 */
function shape(tree: Tree, prefix = ''): string[] {
  const keys = Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'string'
      ? [
          `${prefix}${k.replace(/_(zero|one|two|few|many|other)$/, '')} ${[...v.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).join(',')}`,
        ]
      : shape(v, `${prefix}${k}.`),
  );
  return [...new Set(keys)];
}

describe("the challenge pages' strings", () => {
  test('English has every Polish key of the page and the home box, with the same placeholders', () => {
    expect(shape(en.challengePh as Tree)).toEqual(shape(pl.challengePh as Tree));
    expect(shape(en.challengeBox as Tree)).toEqual(shape(boxPl.challengeBox as Tree));
  });
});
