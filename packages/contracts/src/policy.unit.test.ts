import { describe, expect, it } from 'vitest';
import {
  ACTIONS,
  type GuardedPage,
  MENU_ITEMS,
  mayOpen,
  menuOf,
  PAGES,
  POLICY,
  PUBLIC_PAGES,
  rolesWith,
  SCOPED_ROLES,
  WALLET_ROLES,
} from './policy.ts';
import { ROLES, type Role } from './roles.ts';

/*
 * The role policy, held against SPEC.md as one table per kind: actions, pages, menus. An `x`
 * grants, a blank refuses; the last column says where the spec (section 6 unless told) says so,
 * or why the product decided it where the spec is silent (decision 016). Root is treated as admin.
 */

const COLUMNS: Role[] = ['root', 'admin', 'provider_admin', 'seller_reg', 'wholesaler', 'seller'];

/** Parses `name | x | x |  | … | reason` rows into name → roles granted. */
function table(text: string): Map<string, Role[]> {
  const rows = new Map<string, Role[]>();
  for (const line of text.trim().split('\n')) {
    const [name = '', ...cells] = line.split('|').map((c) => c.trim());
    if (!name || name === 'name') continue;
    expect(cells.length, `row ${name}`).toBe(COLUMNS.length + 1);
    const granted = COLUMNS.filter((_, i) => {
      const mark = cells[i];
      expect(['x', ''], `row ${name}, column ${COLUMNS[i]}`).toContain(mark);
      return mark === 'x';
    });
    expect(rows.has(name), `row ${name} twice`).toBe(false);
    rows.set(name, granted);
  }
  return rows;
}

const ACTION_TABLE = table(`
name                    | root | admin | provider_admin | seller_reg | wholesaler | seller | where
session.use             |  x   |   x   |       x        |     x      |     x      |   x    | everyone signed in
users.read              |  x   |   x   |       x        |     x      |     x      |   x    | a rep its own profile (header); others by scope
users.list              |  x   |   x   |       x        |     x      |     x      |        | dashboard tabs; a seller has no back office
users.manage            |  x   |   x   |       x        |     x      |     x      |        | create/edit forms of every back-office role; scope narrows
users.relinkActive      |  x   |   x   |                |            |            |        | decision 014: a link to an active account from root/admin or its owner only
warehouses.read         |  x   |   x   |       x        |     x      |     x      |        | warehouse tab ("only the warehouse tab" for a wholesaler)
warehouses.create       |  x   |   x   |                |            |            |        | admin: add and delete warehouses
warehouses.edit         |  x   |   x   |                |     x      |            |        | wholesaler: edit hidden; RKS its own (decision 008)
warehouses.delete       |  x   |   x   |                |            |            |        | admin: add and delete warehouses
cards.add               |  x   |   x   |       x        |            |            |        | admin: add cards; provider admin: card adding
cards.seeFullNumbers    |  x   |   x   |                |            |            |        | decision 008: full numbers for root and admin
wallet.withdraw         |      |       |                |            |            |   x    | seller: the dashboard withdraw button (only a seller has it)
wallet.history          |      |       |                |     x      |            |   x    | reps hold wallets (RKS is a registered sales rep)
withdrawals.list        |  x   |   x   |                |            |            |   x    | admin: withdrawal management; seller: withdraw
wallet.adjust           |  x   |   x   |                |            |            |        | admin: withdrawal management (decision 004)
wallet.audit            |  x   |   x   |                |            |            |        | admin: withdrawal management
payouts.manage          |  x   |   x   |                |            |            |        | admin: withdrawal management (decision 005)
dashboard.repTabs       |  x   |   x   |       x        |     x      |            |        | admin: all tabs; wholesaler: only the warehouse tab
dashboard.registeredTab |  x   |   x   |       x        |            |            |        | RKS: does not see the registered list tab
reps.create             |  x   |   x   |                |     x      |     x      |        | wholesaler: always has the add-sales-rep action; provider admin: section 6 gives it none
reps.edit               |  x   |   x   |                |     x      |     x      |        | section 2: the user-info tab's edit button; section 6: admin edits reps, provider admin not
reps.editFromTable      |  x   |   x   |                |            |            |        | section 2: the table's edit icon only to root and admin
people.import           |  x   |   x   |                |     x      |     x      |        | issue 30.1: who creates reps imports them, in its own warehouses
reps.delete             |  x   |   x   |                |            |            |        | section 2: as the table's edit icon
regionalManagers.create |  x   |   x   |                |            |            |        | section 2: add registered rep on the registered tab (not a provider admin's, section 6)
admins.create           |  x   |   x   |       x        |     x      |            |        | create warehouse admins; wholesaler cannot add admins
admins.createPlain      |  x   |   x   |                |            |            |        | admin only
admins.createProvider   |  x   |   x   |       x        |            |            |        | admin, provider admin: create provider admins
admins.edit             |  x   |   x   |       x        |     x      |            |        | section 2: admin table icons for provider admin, admin, RKS
forms.pickWarehouse     |  x   |   x   |       x        |     x      |            |        | wholesaler: picker disabled and preset; seller: no picker
profile.view            |      |       |                |            |            |   x    | seller: the profile link
taxData.read            |  x   |   x   |                |            |            |        | issue 30.2: who pays out and reports taxes reads a rep's PESEL and address
privacy.manage          |  x   |   x   |                |            |            |        | issue 30.5: a person's data on request, anonymisation
audit.read              |  x   |   x   |                |     x      |     x      |        | issue 31.1: the audit trail (scoped roles: their warehouses' events)
notices.settings        |  x   |   x   |                |            |            |   x    | issue 31.2: one's own notices (the roles that receive any)
notices.manage          |  x   |   x   |                |            |            |        | issue 31.2: the notices' queue and failures
stats.read              |  x   |   x   |       x        |     x      |     x      |        | issue 31.3: the programme's figures (scoped roles: their warehouses' reps)
articles.manage         |  x   |   x   |       x        |            |            |        | admin and provider admin: admin article endpoints
articles.read           |  x   |   x   |       x        |            |            |   x    | seller: articles-ph; admins: previews
products.read           |  x   |   x   |       x        |            |            |        | the article form's product picker
products.manage         |  x   |   x   |                |            |            |        | issue 15: admins create challenges and their products
quizzes.manage          |  x   |   x   |                |            |            |        | admin: quiz management
quizzes.take            |      |       |                |            |            |   x    | seller: quiz-ph
quizzes.read            |  x   |   x   |                |            |            |   x    | GET /api/quiz(/id): managers every quiz, a rep the live ones
challenges.view         |  x   |   x   |                |     x      |     x      |        | section 2 menus: admin, seller_reg, wholesaler
challenges.manage       |  x   |   x   |                |            |            |        | issue 15: admins create and edit challenges
sales.import            |  x   |   x   |                |            |            |        | issue 15: an admin uploads sales results
challenges.own          |  x   |   x   |                |            |            |   x    | seller: challenge list (rep); admin through the admin preview
settings.manage         |  x   |   x   |                |            |            |        | issue 27.10: the organiser's facts and rules; not the provider admin (decision 047)
`);

const PAGE_TABLE = table(`
name              | root | admin | provider_admin | seller_reg | wholesaler | seller | where
dashboard         |  x   |   x   |       x        |     x      |     x      |   x    | panel by role; a wholesaler is sent to its warehouse
warehouseCreate   |  x   |   x   |                |            |            |        | admin: add warehouses
warehouseDetails  |  x   |   x   |       x        |     x      |     x      |        | wholesaler: its own warehouse's pages
warehouseEdit     |  x   |   x   |                |     x      |            |        | wholesaler: edit hidden
salesRepCreate    |  x   |   x   |                |     x      |     x      |        | add sales rep (section 6: not a provider admin)
salesRepCreateRks |  x   |   x   |                |            |            |        | add registered rep (registered tab)
salesRepDetails   |  x   |   x   |       x        |     x      |     x      |   x    | seller: the profile link (own id only)
salesRepEdit      |  x   |   x   |                |     x      |     x      |        | issue 10.13: a seller edits nothing; issue 27: nor a provider admin
adminCreate       |  x   |   x   |       x        |     x      |            |        | wholesaler cannot add admins
adminEdit         |  x   |   x   |       x        |     x      |            |        | admin table icons: provider admin, admin, RKS
challenges        |  x   |   x   |                |     x      |     x      |        | section 2 menus
challengeCreate   |  x   |   x   |                |            |            |        | issue 15: admins create challenges
challengeEdit     |  x   |   x   |                |            |            |        | issue 15: admins edit challenges
challengeRanking  |  x   |   x   |                |     x      |     x      |        | issue 15: the whole ranking within scope
salesImports      |  x   |   x   |                |            |            |        | issue 15: an admin imports sales results
articles          |  x   |   x   |       x        |            |            |        | admin article endpoints
articleCreate     |  x   |   x   |       x        |            |            |        | admin article endpoints
articleEdit       |  x   |   x   |       x        |            |            |        | admin article endpoints
articlePreview    |  x   |   x   |       x        |            |            |        | admin preview
quiz              |  x   |   x   |                |            |            |        | admin: quiz management
quizCreate        |  x   |   x   |                |            |            |        | admin: quiz management
quizEdit          |  x   |   x   |                |            |            |        | admin: quiz management
quizSummary       |  x   |   x   |                |            |            |        | admin: quiz management
quizResults       |  x   |   x   |                |            |            |        | admin: quiz results
articlesPh        |  x   |   x   |                |            |            |   x    | seller; admin through the admin preview
articlePh         |  x   |   x   |                |            |            |   x    | seller; admin through the admin preview
quizPh            |  x   |   x   |                |            |            |   x    | seller; admin through the admin preview
quizPhTake        |      |       |                |            |            |   x    | seller: takes quizzes that pay
quizPhSummary     |      |       |                |            |            |   x    | seller
challengesPh      |  x   |   x   |                |            |            |   x    | seller: challenge list (rep); admin through the admin preview
withdraw          |  x   |   x   |                |            |            |   x    | section 2 menus: admin and seller
settings          |  x   |   x   |                |            |            |        | issue 27.10: programme settings (decision 047)
onboarding        |  x   |   x   |                |     x      |     x      |        | issue 30.1: bulk onboarding (warehouses: admin only)
taxReport         |  x   |   x   |                |            |            |        | issue 30.4: the year-end tax report (who reads tax data)
audit             |  x   |   x   |                |     x      |     x      |        | issue 31.1: the audit trail
notifications     |  x   |   x   |                |            |            |   x    | issue 31.2: one's notice settings
programme         |  x   |   x   |       x        |     x      |     x      |        | issue 31.3: how the programme is doing
`);

/** Section 2, "Menu by role", in order. */
const MENUS: Record<Role, string[]> = {
  root: ['dashboard', 'quiz', 'articles', 'challenges', 'withdraw', 'adminPreview'],
  admin: ['dashboard', 'quiz', 'articles', 'challenges', 'withdraw', 'adminPreview'],
  // Not in the spec: its panel and the articles it manages (decision 016).
  provider_admin: ['dashboard', 'articles'],
  seller_reg: ['dashboard', 'challenges'],
  wholesaler: ['myWarehouse', 'challenges'],
  // The spec's menu plus the challenge list, which reps reach from nowhere else (decision 026).
  seller: ['dashboard', 'quizPh', 'articlesPh', 'challengesPh', 'withdraw'],
};

describe('the role policy against SPEC.md', () => {
  it('lists every action once in the table, and grants each to exactly the roles the table marks', () => {
    expect([...ACTION_TABLE.keys()].sort()).toEqual([...ACTIONS].sort());
    for (const [action, roles] of ACTION_TABLE) {
      expect(rolesWith(action as (typeof ACTIONS)[number]).sort(), action).toEqual([...roles].sort());
    }
  });

  it('lets each role open exactly the pages the table marks', () => {
    const guarded = Object.keys(PAGES).filter((p) => !(PUBLIC_PAGES as readonly string[]).includes(p));
    expect([...PAGE_TABLE.keys()].sort()).toEqual(guarded.sort());
    for (const [page, roles] of PAGE_TABLE) {
      for (const role of ROLES) {
        expect(POLICY[role].pages.includes(page as GuardedPage), `${role} ${page}`).toBe(roles.includes(role));
      }
    }
  });

  it('gives each role the menu of section 2, each entry leading to a page it may open', () => {
    for (const role of ROLES) {
      expect(menuOf(role), role).toEqual(MENUS[role]);
      for (const item of menuOf(role)) expect(POLICY[role].pages, `${role} ${item}`).toContain(MENU_ITEMS[item]);
    }
  });

  it('treats root as admin, except that only root manages root', () => {
    const { scope: rootScope, ...root } = POLICY.root;
    const { scope: adminScope, ...admin } = POLICY.admin;
    expect(root).toEqual(admin);
    expect(rootScope.manages).toEqual(['root', ...adminScope.manages]);
    expect(rootScope.sees).toEqual(adminScope.sees);
  });

  it('scopes the regional manager and the wholesaler to their warehouses, the seller to itself (decision 008)', () => {
    expect(SCOPED_ROLES).toEqual(['wholesaler', 'seller_reg']);
    expect(POLICY.seller.scope).toEqual({ records: 'self', sees: [], manages: [] });
    expect(POLICY.wholesaler.scope.manages).toEqual(['seller']);
    expect(POLICY.seller_reg.scope.manages).toEqual(['wholesaler', 'seller']);
    expect(POLICY.provider_admin.scope.manages).not.toContain('admin');
    // SPEC.md section 6: provider and warehouse admins, never reps (issue 27).
    expect(POLICY.provider_admin.scope.manages).toEqual(['provider_admin', 'wholesaler']);
    expect(POLICY.admin.scope.manages).not.toContain('root');
  });

  it('homes: sales-rep home for a seller, the first warehouse for a wholesaler, the panel otherwise', () => {
    expect(Object.fromEntries(ROLES.map((r) => [r, POLICY[r].home]))).toEqual({
      root: 'backOffice',
      admin: 'backOffice',
      provider_admin: 'backOffice',
      wholesaler: 'firstWarehouse',
      seller_reg: 'backOffice',
      seller: 'repHome',
    });
    expect(WALLET_ROLES).toEqual(['seller_reg', 'seller']);
  });

  it('a seller opens its own details (its profile) and no one else\u2019s', () => {
    expect(mayOpen('seller', 'salesRepDetails', { id: '7', selfId: 7 })).toBe(true);
    expect(mayOpen('seller', 'salesRepDetails', { id: '8', selfId: 7 })).toBe(false);
    expect(mayOpen('seller', 'salesRepEdit', { id: '7', selfId: 7 })).toBe(false);
    expect(mayOpen('admin', 'salesRepDetails', { id: '8', selfId: 7 })).toBe(true);
    expect(mayOpen('wholesaler', 'salesRepEdit', { id: '8', selfId: 7 })).toBe(true);
  });
});
