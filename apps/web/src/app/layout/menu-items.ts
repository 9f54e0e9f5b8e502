import { MENU_ITEMS, type MenuItem, menuOf, type User } from '@incentive/contracts';
import type { TKey } from '../../lib/i18n.ts';
import { adminPreviewPath, homePath, paths } from '../../lib/paths.ts';
import { PAGE_ELEMENTS } from '../page-elements.tsx';

/** Where each menu entry leads for this user. */
const LINKS: Record<MenuItem, (me: User) => string> = {
  dashboard: () => paths.dashboard(),
  myWarehouse: homePath,
  quiz: () => paths.quiz(),
  articles: () => paths.articles(),
  challenges: () => paths.challenges(),
  withdraw: () => paths.withdraw(),
  adminPreview: () => adminPreviewPath(),
  quizPh: () => paths.quizPh(),
  articlesPh: () => paths.articlesPh(),
  challengesPh: () => paths.challengesPh(),
};

/** The role's menu (SPEC.md section 2, from the role policy): its entries whose page exists already. */
export function menuFor(me: User): { key: MenuItem; label: TKey; to: string }[] {
  return menuOf(me.role)
    .filter((item) => PAGE_ELEMENTS[MENU_ITEMS[item]] !== undefined)
    .map((item) => ({ key: item, label: `menu.${item}`, to: LINKS[item](me) }));
}
