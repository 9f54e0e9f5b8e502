import 'mantine-datatable/styles.css';
import { type ChallengeProduct, mayOpen } from '@incentive/contracts';
import { Anchor, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { DataTable, type DataTableColumn } from 'mantine-datatable';
import { Link } from 'react-router';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { paths } from '../../../lib/paths.ts';
import { useFormatCount } from '../../../lib/use-format-count.ts';
import { useFormatMoney } from '../../../lib/use-format-money.ts';
import { Thumb } from './thumb.tsx';

/**
 * The chosen challenge's products (GET /api/challenges/{id}): image, name, code, reward per unit,
 * units sold and money paid (within the caller's scope), and the article 'more' opens. The article
 * is a link for those who may open the article preview, its number for the others.
 */
export function ChallengeProductsTable({ products, label }: { products: ChallengeProduct[]; label: string }) {
  const { t } = useTranslation();
  const count = useFormatCount();
  const me = useCurrentUser();
  const money = useFormatMoney();
  const phone = useMediaQuery('(max-width: 48em)');
  const articleLinks = mayOpen(me.role, 'articlePreview', { selfId: me.id });
  const columns: DataTableColumn<ChallengeProduct>[] = [
    {
      accessor: 'name',
      title: t('challengeAdmin.fields.product'),
      pinned: 'left',
      width: phone ? 150 : undefined,
      render: (p) => (
        <Text fz="sm" fw={600} lineClamp={2}>
          {p.name}
        </Text>
      ),
    },
    { accessor: 'image', title: t('challengeAdmin.fields.image'), width: 96, render: (p) => <Thumb image={p.image} /> },
    { accessor: 'code', title: t('challengeAdmin.fields.code'), noWrap: true, render: (p) => p.code ?? '—' },
    {
      accessor: 'reward',
      title: t('challengeAdmin.fields.reward'),
      textAlign: 'right',
      noWrap: true,
      render: (p) => money(p.reward),
    },
    {
      accessor: 'units',
      title: t('challengeAdmin.fields.units'),
      textAlign: 'right',
      noWrap: true,
      render: (p) => count(p.units),
    },
    {
      accessor: 'money_paid',
      title: t('challengeAdmin.fields.moneyPaid'),
      textAlign: 'right',
      noWrap: true,
      render: (p) => money(p.money_paid),
    },
    {
      accessor: 'article_id',
      title: t('challengeAdmin.fields.article'),
      noWrap: true,
      render: (p) =>
        p.article_id === null ? (
          '—'
        ) : articleLinks ? (
          <Anchor component={Link} to={paths.articlePreview(p.article_id)} fz="sm">
            {t('challengeAdmin.products.openArticle', { id: p.article_id })}
          </Anchor>
        ) : (
          `#${p.article_id}`
        ),
    },
  ];
  return (
    <DataTable<ChallengeProduct>
      aria-label={label}
      withTableBorder
      borderRadius="md"
      striped
      verticalAlign="center"
      minHeight={products.length === 0 ? 160 : undefined}
      records={products}
      columns={columns}
      idAccessor="id"
      noRecordsText={t('challengeAdmin.products.none')}
      scrollAreaProps={{ type: 'auto', scrollbars: 'x', offsetScrollbars: 'x' }}
    />
  );
}
