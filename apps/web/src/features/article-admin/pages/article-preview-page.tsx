import type { AdminArticle } from '@incentive/contracts';
import { Alert, Button, Container, Group, Stack, Text } from '@mantine/core';
import { IconEyeOff, IconPencil } from '@tabler/icons-react';
import { Link, Navigate, useParams } from 'react-router';
import { PageLoader } from '../../../components/admin/page-loader.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { registerStrings } from '../../../lib/lazy-strings.ts';
import { parseId, paths } from '../../../lib/paths.ts';
import { useLoadFailureRedirect } from '../../../lib/use-load-failure-redirect.ts';
import { ArticleView } from '../../articles/index.ts';
import { useArticle } from '../api/get-article.ts';
import { ArticleStatusBadge } from '../components/article-status-badge.tsx';
import { articleAdminStrings } from '../lib/strings.ts';

registerStrings(articleAdminStrings);

/**
 * `/articles/preview/{id}` (SPEC.md section 2): the article as a rep will read it (the rep's own
 * view: full-width image, HTML, 'Inne artykuły' back to /articles), with a banner when reps cannot
 * see it yet (draft, scheduled) or any more (deleted).
 */
export function ArticlePreviewPage() {
  const id = parseId(useParams().id);
  const article = useArticle(id);
  useLoadFailureRedirect(article.error, 'article.toast.errorDetails', paths.articles());

  if (id === null) return <Navigate to={paths.articles()} replace />;
  if (!article.data) return <PageLoader />;
  return <Preview article={article.data} />;
}

function Preview({ article }: { article: AdminArticle }) {
  const { t } = useTranslation();
  const when = formatDateTime(article.published_at);
  return (
    // The rep view's column (860 px) plus the padding: the bar above lines up with it.
    <Container size={892} py={{ base: 'md', sm: 'xl' }} px={{ base: 'sm', sm: 'md' }}>
      <Stack gap="md">
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Group gap="sm" wrap="wrap">
            <ArticleStatusBadge status={article.status} />
            {article.status === 'published' && when && (
              <Text fz="sm" c="dimmed">
                {t('articleAdmin.preview.publishedAt', { date: when })}
              </Text>
            )}
            {article.product && (
              <Text fz="sm" c="dimmed">
                {t('articleAdmin.preview.product', { name: article.product.name })}
              </Text>
            )}
          </Group>
          {article.status !== 'deleted' && (
            <Button
              variant="default"
              size="sm"
              component={Link}
              to={paths.articleEdit(article.id)}
              leftSection={<IconPencil size={16} aria-hidden />}
            >
              {t('articleAdmin.preview.edit')}
            </Button>
          )}
        </Group>
        {article.status !== 'published' && (
          <Alert
            variant="light"
            color={article.status === 'deleted' ? 'red' : article.status === 'scheduled' ? 'blue' : 'yellow'}
            icon={<IconEyeOff size={18} aria-hidden />}
            data-testid="preview-banner"
          >
            {t(`articleAdmin.preview.${article.status}`, { date: when })}
          </Alert>
        )}
        <ArticleView article={article} backTo={paths.articles()} />
      </Stack>
    </Container>
  );
}
