import {
  ADMIN_ARTICLE_SORT_FIELDS,
  type AdminArticleListQuery,
  type AdminArticleListRow,
  ARTICLE_STATUSES,
  type ArticleStatus,
} from '@incentive/contracts';
import { Button, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconEye, IconPlus } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { confirmDeleteRow } from '../../../components/admin/confirm-delete.tsx';
import { actionsColumn, ListTable, RowIcons, RowLink } from '../../../components/admin/list-table.tsx';
import { RowActions } from '../../../components/admin/row-actions.tsx';
import { Page } from '../../../components/page.tsx';
import { TitleLink } from '../../../components/table/title-link.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import type { TKey } from '../../../lib/i18n.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { registerStrings } from '../../../lib/lazy-strings.ts';
import { paths } from '../../../lib/paths.ts';
import { useErrorToast } from '../../../lib/use-error-toast.ts';
import { useTableState } from '../../../lib/use-table-state.ts';
import { useDeleteArticle } from '../api/delete-article.ts';
import { useArticles } from '../api/get-articles.ts';
import { ArticleStatusBadge } from '../components/article-status-badge.tsx';
import { ArticleThumb } from '../components/article-thumb.tsx';
import { articleAdminStrings } from '../lib/strings.ts';

registerStrings(articleAdminStrings);

type ArticleSort = AdminArticleListQuery['sort'];
type StatusFilter = ArticleStatus | 'all';

/** The filter's order: what an editor looks for first. */
const FILTERS: StatusFilter[] = ['all', 'published', 'scheduled', 'draft', 'deleted'];
const FILTER_KEYS: Record<StatusFilter, TKey> = {
  all: 'articleAdmin.filter.all',
  published: 'articleAdmin.filter.published',
  scheduled: 'articleAdmin.filter.scheduled',
  draft: 'articleAdmin.filter.draft',
  deleted: 'articleAdmin.filter.deleted',
};
const isFilter = (v: string | null): v is StatusFilter =>
  v === 'all' || (ARTICLE_STATUSES as readonly string[]).includes(v ?? '');

/**
 * `/articles` (SPEC.md section 2 "Articles (admin)"): every article with its image, status and
 * publication date, paged, searched, sorted and filtered by status on the server. Create, edit,
 * preview and delete (with a confirmation); a deleted article stays listed under 'Usunięte'.
 */
export function ArticleListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const phone = useMediaQuery('(max-width: 48em)');
  const remove = useDeleteArticle();
  const state = useTableState<ArticleSort>('created_at', 'desc');
  const [filter, setFilter] = useState<StatusFilter>('all');
  const list = useArticles({ ...state.params, status: filter === 'all' ? undefined : filter });
  useErrorToast(list.error, 'article.toast.errorList');

  const changeFilter = (value: string | null) => {
    if (!isFilter(value)) return;
    setFilter(value);
    state.setPage(1);
  };

  const askDelete = (a: AdminArticleListRow) =>
    confirmDeleteRow({
      title: t('articleAdmin.list.deleteTitle'),
      text: t('articleAdmin.list.deleteConfirm', { name: a.name }),
      remove: remove,
      id: a.id,
      // The server's own message ('Artykuł został usunięty'), in the user's language.
      success: (res) => res?.message || t('article.deleted'),
      errorKey: 'articleAdmin.toast.errorDelete',
    });

  // A deleted article is read-only history: it opens in the preview.
  const open = (a: AdminArticleListRow) =>
    navigate(a.status === 'deleted' ? paths.articlePreview(a.id) : paths.articleEdit(a.id));

  const columns: DataTableColumn<AdminArticleListRow>[] = [
    {
      accessor: 'image',
      title: t('articleAdmin.fields.image'),
      width: 88,
      render: (a) => <ArticleThumb image={a.image} />,
    },
    {
      accessor: 'name',
      title: t('articleAdmin.fields.title'),
      sortable: true,
      pinned: 'left',
      width: phone ? 160 : undefined,
      render: (a) => (
        <Stack gap={2}>
          <TitleLink to={a.status === 'deleted' ? paths.articlePreview(a.id) : paths.articleEdit(a.id)}>
            {a.name}
          </TitleLink>
          {/* On a phone the status column is out of sight: the badge rides with the title. */}
          {phone ? (
            <ArticleStatusBadge status={a.status} />
          ) : (
            <Text fz="xs" c="dimmed" lineClamp={1}>
              {a.lead}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      accessor: 'status',
      title: t('articleAdmin.fields.status'),
      noWrap: true,
      width: 150,
      render: (a) => <ArticleStatusBadge status={a.status} />,
    },
    {
      accessor: 'published_at',
      title: t('articleAdmin.fields.publishedAt'),
      sortable: true,
      noWrap: true,
      render: (a) => formatDateTime(a.published_at) ?? t('articleAdmin.list.notPublished'),
    },
    {
      accessor: 'product',
      title: t('articleAdmin.fields.product'),
      render: (a) => (
        <Text fz="sm" lineClamp={2}>
          {a.product?.name ?? t('articleAdmin.list.noProduct')}
        </Text>
      ),
    },
    {
      accessor: 'created_at',
      title: t('articleAdmin.fields.createdAt'),
      sortable: true,
      noWrap: true,
      render: (a) => formatDateTime(a.created_at),
    },
    actionsColumn(t('table.actions'), (a) => (
      <RowIcons>
        <RowLink
          to={paths.articlePreview(a.id)}
          label={t('articleAdmin.list.preview', { name: a.name })}
          icon={<IconEye size={18} />}
        />
        {a.status !== 'deleted' && (
          <RowActions
            editLabel={t('articleAdmin.list.edit', { name: a.name })}
            onEdit={() => navigate(paths.articleEdit(a.id))}
            deleteLabel={t('articleAdmin.list.delete', { name: a.name })}
            onDelete={() => askDelete(a)}
          />
        )}
      </RowIcons>
    )),
  ];

  const filterData = FILTERS.map((f) => ({ value: f, label: t(FILTER_KEYS[f]) }));

  return (
    <Page
      title={t('articleAdmin.list.title')}
      subtitle={t('articleAdmin.list.subtitle')}
      actions={
        <Button component={Link} to={paths.articleCreate()} leftSection={<IconPlus size={16} aria-hidden />}>
          {t('articleAdmin.list.create')}
        </Button>
      }
    >
      <ListTable
        above={
          phone ? (
            <Select
              label={t('articleAdmin.filter.label')}
              data={filterData}
              value={filter}
              onChange={changeFilter}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
            />
          ) : (
            <SegmentedControl
              aria-label={t('articleAdmin.filter.label')}
              data={filterData}
              value={filter}
              onChange={changeFilter}
              style={{ alignSelf: 'flex-start' }}
            />
          )
        }
        state={state}
        list={list}
        searchPlaceholder={t('articleAdmin.list.searchPlaceholder')}
        label={t('articleAdmin.list.title')}
        columns={columns}
        sortFields={ADMIN_ARTICLE_SORT_FIELDS}
        onRowClick={open}
      />
    </Page>
  );
}
