import { CHALLENGE_LIMITS, type ChallengeDetails, can } from '@incentive/contracts';
import { Button, Center, Container, Group, Input, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconDeviceFloppy, IconListNumbers, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { confirmDelete } from '../../../components/admin/confirm-delete.tsx';
import { useEditorSave } from '../../../components/admin/use-editor-save.ts';
import { ImageInput } from '../../../components/image-input.tsx';
import { Loading } from '../../../components/loading.tsx';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { registerStrings } from '../../../lib/lazy-strings.ts';
import { failureOf } from '../../../lib/mutation.ts';
import { parseId, paths } from '../../../lib/paths.ts';
import { toastError, toastFailure, toastSuccess } from '../../../lib/toast.ts';
import { useLoadFailureRedirect } from '../../../lib/use-load-failure-redirect.ts';
import { HistoryBelow } from '../../audit-admin/index.ts';
import { useDeleteChallenge } from '../api/delete-challenge.ts';
import { useChallenge } from '../api/get-challenge.ts';
import { useCreateChallenge, useUpdateChallenge } from '../api/save-challenge.ts';
import { ChallengeStatusBadge } from '../components/challenge-status-badge.tsx';
import { DatesField } from '../components/dates-field.tsx';
import { ProductRows } from '../components/product-rows.tsx';
import {
  type ChallengeErrors,
  type ChallengeField,
  type ChallengeFormValues,
  challengeFormData,
  emptyChallenge,
  hasErrors,
  missingImage,
  noErrors,
  serverChallengeErrors,
  validateChallenge,
  valuesFromChallenge,
} from '../lib/challenge-form.ts';
import { challengeAdminStrings } from '../lib/strings.ts';

registerStrings(challengeAdminStrings);

/**
 * `/challenges/create` and `/challenges/{id}` (issue 15): create mode when the id is 'create';
 * otherwise the challenge is loaded first, and a failed load goes back to /challenges.
 */
export function ChallengeEditorPage() {
  const rawId = useParams().id;
  const editing = rawId !== undefined && rawId !== 'create';
  const id = editing ? parseId(rawId) : null;
  const challenge = useChallenge(id, { editing: true });
  useLoadFailureRedirect(challenge.error, 'challengeAdmin.toast.errorDetails', paths.challenges());

  if (editing && id === null) return <Navigate to={paths.challenges()} replace />;
  if (editing && !challenge.data) return <EditorLoader />;
  return (
    <>
      <Editor key={id ?? 'create'} challenge={challenge.data ?? null} />
      {id !== null && <HistoryBelow type="challenge" id={id} />}
    </>
  );
}

/**
 * While the challenge loads. Its own, not the back office's PageLoader: a chunk shared with the
 * back-office pages would lengthen the list of chunks in everyone's first load.
 */
function EditorLoader() {
  return (
    <Center py={80}>
      <Loading />
    </Center>
  );
}

/** The form's values that map to one server field each (a change clears that field's message). */
const FIELD_OF: Partial<Record<keyof ChallengeFormValues, ChallengeField[]>> = {
  name: ['name'],
  intro: ['intro'],
  startAt: ['start_at', 'end_at'],
  endAt: ['start_at', 'end_at'],
  image: ['image'],
};

function Editor({ challenge }: { challenge: ChallengeDetails | null }) {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const navigate = useNavigate();
  const remove = useDeleteChallenge();
  const creating = challenge === null;
  const [values, setValues] = useState<ChallengeFormValues>(() =>
    challenge ? valuesFromChallenge(challenge) : emptyChallenge(),
  );
  const [errors, setErrors] = useState<ChallengeErrors>(noErrors);
  const { busy, submit } = useEditorSave({
    create: useCreateChallenge(),
    update: useUpdateChallenge(),
    id: challenge?.id ?? null,
    messages: {
      created: 'challenge.created',
      updated: 'challenge.updated',
      errorCreate: 'challengeAdmin.toast.errorCreate',
      errorEdit: 'challengeAdmin.toast.errorEdit',
    },
    onSaved: () => navigate(paths.challenges()),
    // A 422 puts its messages at their fields and rows (a product already in another challenge on those days).
    onFailure: (result) => setErrors(serverChallengeErrors(result)),
  });

  const set = (patch: Partial<ChallengeFormValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    const touched = Object.keys(patch).flatMap((k) => FIELD_OF[k as keyof ChallengeFormValues] ?? []);
    setErrors((e) => ({
      ...e,
      fields: Object.fromEntries(Object.entries(e.fields).filter(([k]) => !touched.includes(k as ChallengeField))),
    }));
  };

  const save = () => {
    if (busy) return;
    const found = validateChallenge(values, t);
    setErrors(found);
    if (hasErrors(found)) {
      toastError(t('challengeAdmin.toast.fixFields'));
      return;
    }
    if (missingImage(values, creating)) {
      toastError(t('challenge.imageRequired'));
      return;
    }
    submit(challengeFormData(values));
  };

  const askDelete = () => {
    if (!challenge) return;
    confirmDelete({
      title: t('challengeAdmin.list.deleteTitle'),
      text: t('challengeAdmin.list.deleteConfirm', { name: challenge.name }),
      onConfirm: () =>
        remove.mutate(challenge.id, {
          onSuccess: (res) => {
            toastSuccess(res?.message || t('challenge.deleted'));
            navigate(paths.challenges());
          },
          onError: (err) => toastFailure(failureOf(err), 'challengeAdmin.toast.errorDelete'),
        }),
    });
  };

  return (
    <Container size={1100} py={{ base: 'md', sm: 'xl' }} px={{ base: 'sm', sm: 'md' }}>
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
                  {t(creating ? 'challengeAdmin.editor.createTitle' : 'challengeAdmin.editor.editTitle')}
                </Title>
                {challenge && <ChallengeStatusBadge status={challenge.status} />}
              </Group>
              <Text c="dimmed" fz="sm">
                {t('challengeAdmin.editor.intro')}
              </Text>
            </Stack>
            {challenge && (
              <Group gap="sm">
                <Button
                  variant="default"
                  component={Link}
                  to={paths.challengeRanking(challenge.id)}
                  leftSection={<IconListNumbers size={16} aria-hidden />}
                >
                  {t('challengeAdmin.editor.ranking')}
                </Button>
                <Button
                  variant="light"
                  color="red"
                  onClick={askDelete}
                  loading={remove.isPending}
                  leftSection={<IconTrash size={16} aria-hidden />}
                >
                  {t('common.delete')}
                </Button>
              </Group>
            )}
          </Group>
          <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
            <Stack gap="md">
              <TextInput
                label={t('challengeAdmin.fields.name')}
                value={values.name}
                maxLength={CHALLENGE_LIMITS.name}
                onChange={(e) => set({ name: e.currentTarget.value })}
                error={errors.fields.name}
                withAsterisk
                data-autofocus
              />
              <Textarea
                label={t('challengeAdmin.fields.intro')}
                description={t('challengeAdmin.editor.introHint')}
                value={values.intro}
                maxLength={CHALLENGE_LIMITS.intro}
                autosize
                minRows={2}
                maxRows={8}
                onChange={(e) => set({ intro: e.currentTarget.value })}
                error={errors.fields.intro}
              />
              <DatesField
                start={values.startAt}
                end={values.endAt}
                onChange={(startAt, endAt) => set({ startAt, endAt })}
                error={errors.fields.start_at ?? errors.fields.end_at}
              />
              <Input.Wrapper
                label={t('challengeAdmin.fields.image')}
                description={t('challengeAdmin.editor.imageHint')}
                error={errors.fields.image}
                withAsterisk
              >
                <ImageInput
                  label={t('challengeAdmin.fields.image')}
                  current={challenge?.image ?? null}
                  change={values.image}
                  onChange={(image) => set({ image })}
                />
              </Input.Wrapper>
            </Stack>
          </Paper>
          <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
            <Stack gap="sm">
              <Title order={2} fz="lg">
                {t('challengeAdmin.editor.productsTitle')}
              </Title>
              <Text c="dimmed" fz="sm">
                {t('challengeAdmin.editor.productsIntro')}
              </Text>
              <ProductRows
                rows={values.products}
                errors={errors}
                canCreateProduct={can(me.role, 'products.manage')}
                onChange={(products, touched) => {
                  setValues((v) => ({ ...v, products }));
                  setErrors((e) => {
                    const rows = { ...e.rows };
                    if (touched) {
                      const { [touched.field]: _, ...rest } = rows[touched.index] ?? {};
                      rows[touched.index] = rest;
                    }
                    const { products: __, ...fields } = e.fields;
                    // Rows removed or added: their indexes moved, so row messages no longer match.
                    return touched ? { fields, rows } : { fields, rows: {} };
                  });
                }}
              />
            </Stack>
          </Paper>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" component={Link} to={paths.challenges()}>
              {t('common.cancel')}
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
