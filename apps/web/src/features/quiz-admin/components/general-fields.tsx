import { type Image, QUIZ_LIMITS } from '@incentive/contracts';
import { Anchor, Stack, Textarea, TextInput } from '@mantine/core';
import { ImageInput, ImagePreview } from '../../../components/image-input.tsx';
import { RichTextInput } from '../../../components/rich-text-input.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import type { GeneralDraft } from '../lib/quiz-draft.ts';
import { EditableField, ReadHtml, ReadValue } from './editable-field.tsx';

export type GeneralErrors = Partial<Record<'name' | 'lead' | 'text' | 'video_url' | 'image', string>>;

/**
 * Name, lead, text, video link and image of a quiz, each an editable field (the editor's General tab
 * and the top of the summary). `editing`: every field starts open (create) or closed (edit).
 */
export function GeneralFields({
  value,
  onChange,
  currentImage,
  editing,
  errors,
}: {
  value: GeneralDraft;
  onChange: (patch: Partial<GeneralDraft>) => void;
  currentImage: Image | null;
  editing: boolean;
  errors: GeneralErrors;
}) {
  const { t } = useTranslation();
  const labels = {
    name: t('quizAdmin.fields.name'),
    lead: t('quizAdmin.fields.lead'),
    text: t('quizAdmin.fields.text'),
    video: t('quizAdmin.fields.videoUrl'),
    image: t('quizAdmin.fields.image'),
  };
  return (
    <Stack gap="sm">
      <EditableField
        label={labels.name}
        value={value.name}
        onChange={(name) => onChange({ name })}
        empty=""
        initiallyEditing={editing}
        read={<ReadValue>{value.name}</ReadValue>}
        error={errors.name}
      >
        <TextInput
          aria-label={labels.name}
          value={value.name}
          maxLength={QUIZ_LIMITS.name}
          onChange={(e) => onChange({ name: e.currentTarget.value })}
          error={errors.name}
          data-autofocus
        />
      </EditableField>
      <EditableField
        label={labels.lead}
        value={value.lead}
        onChange={(lead) => onChange({ lead })}
        empty=""
        initiallyEditing={editing}
        read={<ReadValue>{value.lead}</ReadValue>}
        error={errors.lead}
      >
        <Textarea
          aria-label={labels.lead}
          value={value.lead}
          maxLength={QUIZ_LIMITS.lead}
          autosize
          minRows={2}
          maxRows={6}
          onChange={(e) => onChange({ lead: e.currentTarget.value })}
          error={errors.lead}
        />
      </EditableField>
      <EditableField
        label={labels.text}
        value={value.text}
        onChange={(text) => onChange({ text })}
        empty=""
        initiallyEditing={editing}
        read={<ReadHtml html={value.text} />}
        error={errors.text}
      >
        <RichTextInput
          label={labels.text}
          value={value.text}
          onChange={(text) => onChange({ text })}
          error={errors.text}
        />
      </EditableField>
      <EditableField
        label={labels.video}
        value={value.videoUrl}
        onChange={(videoUrl) => onChange({ videoUrl })}
        empty=""
        initiallyEditing={editing}
        read={
          <ReadValue>
            {value.videoUrl && (
              <Anchor href={value.videoUrl} target="_blank" rel="noopener noreferrer" fz="sm">
                {value.videoUrl}
              </Anchor>
            )}
          </ReadValue>
        }
        error={errors.video_url}
      >
        <TextInput
          aria-label={labels.video}
          type="url"
          placeholder="https://www.youtube.com/watch?v=…"
          value={value.videoUrl}
          maxLength={QUIZ_LIMITS.videoUrl}
          onChange={(e) => onChange({ videoUrl: e.currentTarget.value })}
          error={errors.video_url}
        />
      </EditableField>
      <EditableField
        label={labels.image}
        value={value.image}
        onChange={(image) => onChange({ image })}
        empty={{ kind: 'remove' }}
        initiallyEditing={editing}
        read={<ImagePreview current={currentImage} change={value.image} alt={labels.image} />}
        error={errors.image}
      >
        <ImageInput
          label={labels.image}
          current={currentImage}
          change={value.image}
          onChange={(image) => onChange({ image })}
        />
      </EditableField>
    </Stack>
  );
}
