import { Center, Container } from '@mantine/core';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Loading } from '../../../components/loading.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { parseId, paths } from '../../../lib/paths.ts';
import { toastError } from '../../../lib/toast.ts';
import { useRepArticle } from '../api/get-rep-article.ts';
import { ArticleView } from '../components/article-view.tsx';

/**
 * `/articles-ph/{id}`: one article for a rep. An article that is missing, a draft, not yet
 * published or deleted answers 404; that and any other failure send the rep back to the list with
 * the spec's message (SPEC.md section 8).
 */
export function ArticlePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = parseId(useParams().id);
  const { data, error } = useRepArticle(id);
  const failed = id === null || error !== null;

  useEffect(() => {
    if (!failed) return;
    toastError(t('article.toast.errorDetails'));
    navigate(paths.articlesPh(), { replace: true });
  }, [failed, t, navigate]);

  return (
    <Container size="xl" py={{ base: 'md', sm: 'xl' }} px={{ base: 'sm', sm: 'md' }}>
      {data ? (
        <ArticleView article={data} backTo={paths.articlesPh()} />
      ) : (
        <Center py="xl">
          <Loading />
        </Center>
      )}
    </Container>
  );
}
