import type { Paged } from '@incentive/contracts';
import { Center, Pagination, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { type TKey, useTranslation } from '../lib/i18n.ts';
import { parseId } from '../lib/paths.ts';
import { useErrorToast } from '../lib/use-error-toast.ts';
import { Loading } from './loading.tsx';
import { Page } from './page.tsx';
import classes from './rep-card-list.module.css';

/**
 * The page number of a rep list, kept in the URL (?page=2) so back from a card's page returns to the
 * same page; changing it scrolls to the top.
 */
export function useUrlPage(): [number, (page: number) => void] {
  const [params, setParams] = useSearchParams();
  const page = parseId(params.get('page')) ?? 1;
  const setPage = (next: number) => {
    setParams(next === 1 ? {} : { page: String(next) });
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };
  return [page, setPage];
}

interface RepCardListProps<T extends { id: number }> {
  /** The block of texts: `<texts>.title`, `.description`, `.emptyTitle`, `.emptyText`. */
  texts: 'articlePh' | 'quizPh';
  /** The toast's key when the list fails to load (SPEC.md section 8). */
  errorKey: TKey;
  query: { data?: Paged<T>; isPending: boolean; isFetching: boolean; error: Error | null };
  page: number;
  onPage: (page: number) => void;
  /** A card; `priority` for the first one (its image is the page's largest paint). */
  card: (item: T, priority: boolean) => ReactNode;
}

/**
 * A rep's paged list of cards, quizzes or articles (SPEC.md section 2, rep lists): title and
 * description, a loader, the cards (one a row, two from 992 px), an empty state and the pagination.
 */
export function RepCardList<T extends { id: number }>({
  texts,
  errorKey,
  query,
  page,
  onPage,
  card,
}: RepCardListProps<T>) {
  const { t } = useTranslation();
  const { data, isPending, isFetching, error } = query;
  useErrorToast(error, errorKey);

  return (
    <Page title={t(`${texts}.title`)} subtitle={t(`${texts}.description`)}>
      {isPending && !error && (
        <Center py="xl">
          <Loading />
        </Center>
      )}
      {data && data.data.length === 0 && (
        <Stack align="center" gap="xs" py="xl" ta="center">
          <Text fw={700}>{t(`${texts}.emptyTitle`)}</Text>
          <Text c="dimmed" fz="sm" maw={420}>
            {t(`${texts}.emptyText`)}
          </Text>
        </Stack>
      )}
      {data && data.data.length > 0 && (
        <div className={classes.grid} aria-busy={isFetching} data-fetching={isFetching || undefined}>
          {data.data.map((item, i) => card(item, i === 0))}
        </div>
      )}
      {data && data.last_page > 1 && (
        <Center>
          <Pagination total={data.last_page} value={Math.min(page, data.last_page)} onChange={onPage} />
        </Center>
      )}
    </Page>
  );
}
