import { type CardRecord, can, type LoginRecord, type UserDetails, WALLET_ROLES } from '@incentive/contracts';
import { Badge, Button, Group, Loader, Paper, SimpleGrid, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconCreditCard, IconPencil, IconTrash, IconTrophy } from '@tabler/icons-react';
import { Suspense } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { confirmDelete } from '../../../components/admin/confirm-delete.tsx';
import { PageLoader } from '../../../components/admin/page-loader.tsx';
import { SimplePagedTable } from '../../../components/admin/simple-paged-table.tsx';
import { MoneyHistory } from '../../../components/money-history.tsx';
import { Page } from '../../../components/page.tsx';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { failureOf } from '../../../lib/mutation.ts';
import { homePath, parseId, paths, type SalesRepTab } from '../../../lib/paths.ts';
import { toastFailure, toastSuccess } from '../../../lib/toast.ts';
import { useErrorToast } from '../../../lib/use-error-toast.ts';
import { useFormatMoney } from '../../../lib/use-format-money.ts';
import { useLoadFailureRedirect } from '../../../lib/use-load-failure-redirect.ts';
import { useTableState } from '../../../lib/use-table-state.ts';
import { ObjectHistory } from '../../audit-admin/index.ts';
import { useDeleteUser } from '../api/delete-user.ts';
import { useUser } from '../api/get-user.ts';
import { useUserCards } from '../api/get-user-cards.ts';
import { useUserLogins } from '../api/get-user-logins.ts';
import { AddCardDialog } from '../components/add-card-dialog.tsx';
import { AdjustBalanceButton } from '../components/adjust-balance-button.tsx';
import { ChallengeName } from '../components/challenge-name.tsx';
import { EmptyState } from '../components/empty-state.tsx';
import { InfoList } from '../components/info-list.tsx';
import { QuizAttemptsTab } from '../components/quiz-attempts-tab.tsx';
import { ScrollTabsList } from '../components/scroll-tabs-list.tsx';
import { TaxDataTab } from '../components/tax-data-tab.tsx';
import { YesNo } from '../components/yes-no.tsx';
import { useTabParam } from '../hooks/use-tab-param.ts';

const TABS = ['challenges', 'quiz', 'info'] as const satisfies readonly SalesRepTab[];
/** A rep's details add its tax data (issue 30 point 2): the rep's own form, or the back office's read. */
const REP_TABS = [...TABS, 'tax'] as const satisfies readonly SalesRepTab[];

/**
 * `/sales-rep/details/{id}`: tabs challenges, quiz and user info, then the logins and cards tables
 * (SPEC.md section 2). A seller opens only its own (the profile link of its user menu): the route's
 * guard sends it away from anyone else's before this page loads anything.
 */
export function SalesRepDetailsPage() {
  const me = useCurrentUser();
  const id = parseId(useParams().id);
  const home = homePath(me);
  const user = useUser(id);
  useLoadFailureRedirect(user.error, 'salesRep.toast.errorDetails', home);

  if (id === null) return <Navigate to={home} replace />;
  if (!user.data) return <PageLoader />;
  return <Details key={id} user={user.data} />;
}

function Details({ user }: { user: UserDetails }) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const me = useCurrentUser();
  const navigate = useNavigate();
  const deleteUser = useDeleteUser();
  const hasTaxData = user.tax_data !== null;
  const isSelf = me.id === user.id;
  // The person's own history (issue 31): for whoever reads the trail, never on one's own profile.
  const showHistory = can(me.role, 'audit.read') && !isSelf;
  const tabs: readonly SalesRepTab[] = [
    ...(hasTaxData ? REP_TABS : TABS),
    ...(showHistory ? (['history'] as const) : []),
  ];
  const [tab, setTab] = useTabParam<SalesRepTab>(tabs);
  const [cardOpen, cardDialog] = useDisclosure(false);
  const fullName = [user.name, user.surname].filter(Boolean).join(' ');

  const remove = () =>
    confirmDelete({
      title: t('salesRep.deleteTitle'),
      text: t('salesRep.deleteConfirm', { name: fullName }),
      onConfirm: () =>
        deleteUser.mutate(user.id, {
          onSuccess: () => {
            toastSuccess(t('salesRep.toast.successDelete'));
            navigate(homePath(me));
          },
          onError: (err) => toastFailure(failureOf(err), 'salesRep.toast.errorDelete'),
        }),
    });

  // Reps hold wallets; root and admin may correct them and read every entry.
  const showMoney = can(me.role, 'wallet.adjust') && WALLET_ROLES.includes(user.role);

  return (
    <Page title={isSelf ? t('salesRep.profileTitle') : fullName} subtitle={isSelf ? fullName : t(`roles.${user.role}`)}>
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Stack gap="md">
          <ScrollTabsList
            label={fullName}
            tabs={[
              { value: 'challenges', label: t('salesRep.tabs.challenges') },
              { value: 'quiz', label: t('salesRep.tabs.quiz') },
              { value: 'info', label: t('salesRep.tabs.info') },
              ...(hasTaxData ? [{ value: 'tax', label: t('profile.tab') }] : []),
              ...(showHistory ? [{ value: 'history', label: t('salesRep.tabs.history') }] : []),
            ]}
          />
          {showHistory && (
            <Tabs.Panel value="history">
              <Suspense fallback={<Loader size="sm" />}>
                <ObjectHistory type="user" id={user.id} />
              </Suspense>
            </Tabs.Panel>
          )}
          <Tabs.Panel value="challenges">
            <ChallengesTab user={user} isSelf={isSelf} />
          </Tabs.Panel>
          <Tabs.Panel value="quiz">
            <QuizAttemptsTab userId={user.id} isSelf={isSelf} />
          </Tabs.Panel>
          {hasTaxData && (
            <Tabs.Panel value="tax">
              <TaxDataTab isSelf={isSelf} data={user.tax_data} />
            </Tabs.Panel>
          )}
          <Tabs.Panel value="info">
            <Stack gap="sm">
              <Group justify="flex-end" gap="sm">
                {showMoney && <AdjustBalanceButton userId={user.id} />}
                {can(me.role, 'reps.delete') && !isSelf && (
                  <Button
                    variant="default"
                    color="red"
                    leftSection={<IconTrash size={16} aria-hidden />}
                    onClick={remove}
                  >
                    {t('salesRep.delete')}
                  </Button>
                )}
                {can(me.role, 'reps.edit') && !isSelf && (
                  <Button
                    component={Link}
                    to={paths.salesRepEdit(user.id)}
                    leftSection={<IconPencil size={16} aria-hidden />}
                  >
                    {t('common.edit')}
                  </Button>
                )}
              </Group>
              <InfoList
                items={[
                  { label: t('salesRep.fields.phId'), value: user.id },
                  { label: t('salesRep.fields.assecoId'), value: user.asseco_id ?? '—' },
                  { label: t('salesRep.fields.name'), value: user.name },
                  { label: t('salesRep.fields.surname'), value: user.surname ?? '—' },
                  { label: t('salesRep.fields.email'), value: user.email },
                  { label: t('salesRep.fields.phone'), value: user.phone ?? '—' },
                  { label: t('salesRep.fields.role'), value: t(`roles.${user.role}`) },
                  {
                    label: t('salesRep.fields.warehouses'),
                    value: user.warehouses.map((w) => w.name).join(', ') || '—',
                  },
                  { label: t('salesRep.fields.card'), value: user.card?.number ?? '—' },
                  { label: t('salesRep.fields.active'), value: <YesNo value={user.last_login_at !== null} /> },
                  { label: t('salesRep.fields.completeProfile'), value: <YesNo value={user.complete_profile} /> },
                  {
                    label: t('salesRep.fields.lastLogin'),
                    value: formatDateTime(user.last_login_at) ?? t('common.never'),
                  },
                  { label: t('salesRep.fields.loginsWeekly'), value: user.login_counter_weekly },
                  { label: t('salesRep.fields.wallet'), value: money(user.wallet.money) },
                  { label: t('salesRep.fields.totalAmount'), value: money(user.total_amount) },
                  { label: t('salesRep.fields.amountFromQuiz'), value: money(user.amount_from_quiz) },
                  {
                    label: t('salesRep.fields.inWithdrawal'),
                    value: money(user.wallet.in_withdrawal, { whole: true }),
                  },
                  // What a sales correction left owed (decision 044): shown while there is any.
                  ...(Number(user.wallet.owed) > 0 ? [{ label: t('home.owed'), value: money(user.wallet.owed) }] : []),
                  { label: t('salesRep.fields.withdrawAmount'), value: money(user.withdraw_amount) },
                  { label: t('salesRep.fields.createdAt'), value: formatDateTime(user.created_at) },
                  { label: t('salesRep.fields.activated'), value: <YesNo value={user.activated} /> },
                ]}
              />
              {showMoney && <MoneyHistory userId={user.id} />}
            </Stack>
          </Tabs.Panel>
        </Stack>
      </Tabs>

      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <LoginsSection userId={user.id} />
        <Stack gap="sm">
          <Group justify="space-between" gap="sm">
            <Title order={2} fz="lg">
              {t('card.list')}
            </Title>
            {can(me.role, 'cards.add') && (
              <Button variant="light" leftSection={<IconCreditCard size={16} aria-hidden />} onClick={cardDialog.open}>
                {t('card.add')}
              </Button>
            )}
          </Group>
          <CardsTable userId={user.id} />
        </Stack>
      </SimpleGrid>
      {can(me.role, 'cards.add') && <AddCardDialog userId={user.id} opened={cardOpen} onClose={cardDialog.close} />}
    </Page>
  );
}

function ChallengesTab({ user, isSelf }: { user: UserDetails; isSelf: boolean }) {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const money = useFormatMoney();
  if (user.challenges.length === 0) {
    return (
      <EmptyState
        icon={<IconTrophy size={24} />}
        title={t('salesRep.noChallenges')}
        text={t(isSelf ? 'salesRep.noChallengesSelfText' : 'salesRep.noChallengesText')}
      />
    );
  }
  return (
    <Paper withBorder radius="md">
      <Table.ScrollContainer minWidth={280}>
        <Table striped aria-label={t('salesRep.tabs.challenges')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('salesRep.challengeName')}</Table.Th>
              <Table.Th ta="right">{t('salesRep.challengeAmount')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {user.challenges.map((c) => (
              <Table.Tr key={c.id ?? c.name}>
                <Table.Td>
                  <ChallengeName challenge={c} role={me.role} />
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {money(c.amount)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

function LoginsSection({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const state = useTableState<'id' | 'created_at'>('created_at', 'desc');
  const { search: _search, ...params } = state.params;
  const logins = useUserLogins(userId, params);
  useErrorToast(logins.error, 'salesRep.toast.errorLogins');
  return (
    <Stack gap="sm">
      <Group mih={36}>
        <Title order={2} fz="lg">
          {t('salesRep.logins')}
        </Title>
      </Group>
      <SimplePagedTable<LoginRecord, 'id' | 'created_at'>
        label={t('salesRep.logins')}
        state={state}
        data={logins.data}
        fetching={logins.isFetching}
        columns={[
          { key: 'id', title: t('salesRep.loginId'), sortField: 'id', render: (l) => l.id },
          {
            key: 'created_at',
            title: t('salesRep.loginDate'),
            sortField: 'created_at',
            render: (l) => formatDateTime(l.created_at),
          },
        ]}
      />
    </Stack>
  );
}

function CardsTable({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const state = useTableState<'id' | 'created_at'>('created_at', 'desc');
  const { search: _search, ...params } = state.params;
  const cards = useUserCards(userId, params);
  useErrorToast(cards.error, 'card.toast.errorList');
  return (
    <SimplePagedTable<CardRecord, 'id' | 'created_at'>
      label={t('card.list')}
      state={state}
      data={cards.data}
      fetching={cards.isFetching}
      columns={[
        {
          key: 'number',
          title: t('card.number'),
          // The badge drops under the number when the column is narrow (a phone), never over the date.
          render: (c) => (
            <Group gap={4} wrap="wrap">
              <Text fz="sm" ff="monospace">
                {c.number}
              </Text>
              {c.is_current && (
                <Badge size="sm" variant="light" color="green" style={{ flexShrink: 0 }}>
                  {t('card.current')}
                </Badge>
              )}
            </Group>
          ),
        },
        {
          key: 'created_at',
          title: t('card.addedAt'),
          sortField: 'created_at',
          render: (c) => formatDateTime(c.created_at),
        },
      ]}
    />
  );
}
