import { type AdminArticle, ARTICLE_LIMITS } from '@incentive/contracts';
import { Button, Container, Group, Input, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconDeviceFloppy, IconEye } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { PageLoader } from '../../../components/admin/page-loader.tsx';
import { useEditorSave } from '../../../components/admin/use-editor-save.ts';
import { ImageInput } from '../../../components/image-input.tsx';
import { RichTextInput } from '../../../components/rich-text-input.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { registerStrings } from '../../../lib/lazy-strings.ts';
import { parseId, paths } from '../../../lib/paths.ts';
import { toastError } from '../../../lib/toast.ts';
import { useLoadFailureRedirect } from '../../../lib/use-load-failure-redirect.ts';
import { HistoryBelow } from '../../audit-admin/index.ts';
import { useArticle } from '../api/get-article.ts';
import { useCreateArticle, useUpdateArticle } from '../api/save-article.ts';
import { ArticleStatusBadge } from '../components/article-status-badge.tsx';
import { ProductSelect } from '../components/product-select.tsx';
import { PublicationField } from '../components/publication-field.tsx';
import {
  type ArticleErrors,
  type ArticleField,
  type ArticleFormValues,
  articleFormData,
  emptyArticle,
  missingImage,
  serverArticleErrors,
  validateArticle,
  valuesFromArticle,
} from '../lib/article-form.ts';
import { articleAdminStrings } from '../lib/strings.ts';

registerStrings(articleAdminStrings);

/** The server's name of each value's field (its 422 messages are keyed so). */
const FIELD_OF: Record<keyof ArticleFormValues, ArticleField> = {
  title: 'title',
  lead: 'excerpt',
  content: 'content',
  image: 'image',
  product: 'product_id',
  videoUrl: 'video_url',
  publish: 'published_at',
  publishedAt: 'published_at',
};

/**
 * `/articles/create` and `/articles/{id}` (SPEC.md sections 2, 4, 5): create mode when the id is
 * 'create'; otherwise the article is loaded first, and a failed load goes back to /articles.
 */
export function ArticleEditorPage() {
  const rawId = useParams().id;
  const editing = rawId !== undefined && rawId !== 'create';
  const id = editing ? parseId(rawId) : null;
  const article = useArticle(id);
  useLoadFailureRedirect(article.error, 'article.toast.errorDetails', paths.articles());

  if (editing && id === null) return <Navigate to={paths.articles()} replace />;
  if (editing && !article.data) return <PageLoader />;
  // A deleted article is history: it is read in the preview, not edited.
  if (article.data?.status === 'deleted') return <Navigate to={paths.articlePreview(article.data.id)} replace />;
  return (
    <>
      <Editor key={id ?? 'create'} article={article.data ?? null} />
      {id !== null && <HistoryBelow type="article" id={id} />}
    </>
  );
}

function Editor({ article }: { article: AdminArticle | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const creating = article === null;
  const [values, setValues] = useState<ArticleFormValues>(() =>
    article ? valuesFromArticle(article) : emptyArticle(),
  );
  const [errors, setErrors] = useState<ArticleErrors>({});
  const { busy, submit } = useEditorSave({
    create: useCreateArticle(),
    update: useUpdateArticle(),
    id: article?.id ?? null,
    messages: {
      created: 'article.created',
      updated: 'article.updated',
      errorCreate: 'articleAdmin.toast.errorCreate',
      errorEdit: 'articleAdmin.toast.errorEdit',
    },
    onSaved: () => navigate(paths.articles()),
    // A 422 puts its messages at their fields, by the server's field names.
    onFailure: (result) => setErrors(serverArticleErrors(result)),
  });

  const set = (patch: Partial<ArticleFormValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    // A corrected field loses its message.
    const touched: string[] = Object.keys(patch).map((k) => FIELD_OF[k as keyof ArticleFormValues]);
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !touched.includes(k))));
  };

  const save = () => {
    if (busy) return;
    const found = validateArticle(values, t);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      toastError(t('articleAdmin.toast.fixFields'));
      return;
    }
    if (missingImage(values, creating)) {
      toastError(t('article.imageRequired'));
      return;
    }
    submit(articleFormData(values));
  };

  return (
    <Container size={960} py={{ base: 'md', sm: 'xl' }} px={{ base: 'sm', sm: 'md' }}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
      >
        <Stack gap="lg">
          <Group justify="space-between" align="flex-end" gap="sm">
            <Stack gap={4}>
              <Group gap="sm">
                <Title order={1} fz={{ base: 22, sm: 28 }}>
                  {t(creating ? 'articleAdmin.editor.createTitle' : 'articleAdmin.editor.editTitle')}
                </Title>
                {article && <ArticleStatusBadge status={article.status} />}
              </Group>
              <Text c="dimmed" fz="sm">
                {t('articleAdmin.editor.intro')}
              </Text>
            </Stack>
            {article && (
              <Button
                variant="default"
                component={Link}
                to={paths.articlePreview(article.id)}
                leftSection={<IconEye size={16} aria-hidden />}
              >
                {t('articleAdmin.editor.preview')}
              </Button>
            )}
          </Group>
          <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
            <Stack gap="md">
              <TextInput
                label={t('articleAdmin.fields.title')}
                value={values.title}
                maxLength={ARTICLE_LIMITS.title}
                onChange={(e) => set({ title: e.currentTarget.value })}
                error={errors.title}
                withAsterisk
                data-autofocus
              />
              <Textarea
                label={t('articleAdmin.fields.lead')}
                value={values.lead}
                maxLength={ARTICLE_LIMITS.lead}
                autosize
                minRows={2}
                maxRows={6}
                onChange={(e) => set({ lead: e.currentTarget.value })}
                error={errors.excerpt}
                withAsterisk
              />
              <Input.Wrapper label={t('articleAdmin.fields.content')} withAsterisk>
                <RichTextInput
                  label={t('articleAdmin.fields.content')}
                  value={values.content}
                  onChange={(content) => set({ content })}
                  error={errors.content}
                />
              </Input.Wrapper>
              <Input.Wrapper
                label={t('articleAdmin.fields.image')}
                description={t('articleAdmin.editor.imageHint')}
                error={errors.image}
                withAsterisk
              >
                <ImageInput
                  label={t('articleAdmin.fields.image')}
                  current={article?.image ?? null}
                  change={values.image}
                  onChange={(image) => set({ image })}
                />
              </Input.Wrapper>
              <ProductSelect
                value={values.product}
                onChange={(product) => set({ product })}
                error={errors.product_id}
              />
              <TextInput
                label={t('articleAdmin.fields.videoUrl')}
                description={t('articleAdmin.editor.videoHint')}
                type="url"
                placeholder="https://www.youtube.com/watch?v=…"
                value={values.videoUrl}
                maxLength={ARTICLE_LIMITS.videoUrl}
                onChange={(e) => set({ videoUrl: e.currentTarget.value })}
                error={errors.video_url}
              />
              <PublicationField
                publish={values.publish}
                onPublish={(publish) => set({ publish })}
                value={values.publishedAt}
                onChange={(publishedAt) => set({ publishedAt })}
                error={errors.published_at}
              />
            </Stack>
          </Paper>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" component={Link} to={paths.articles()}>
              {t('articleAdmin.editor.cancel')}
            </Button>
            <Button type="submit" loading={busy} leftSection={<IconDeviceFloppy size={16} aria-hidden />}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Container>
  );
}
