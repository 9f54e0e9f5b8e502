import { ActionIcon, Divider, Group, Modal, Stack, Text, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from '../../../lib/i18n.ts';
import { isBlankHtml, type QuestionDraft } from '../lib/quiz-draft.ts';

const plain = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * The editor's delete dialog (SPEC.md section 2): every question and its answers with trash icons.
 * Questions are the numbered tabs after General (tab 0, never removable); the sole answer of a
 * question has no trash. What is removed here is gone from the server when the quiz is saved.
 */
export function DeleteItemsDialog({
  opened,
  onClose,
  questions,
  onDeleteQuestion,
  onDeleteAnswer,
}: {
  opened: boolean;
  onClose: () => void;
  questions: QuestionDraft[];
  onDeleteQuestion: (questionUid: number) => void;
  onDeleteAnswer: (questionUid: number, answerUid: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('quizAdmin.delete.title')}
      size={560}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="sm">
        {questions.map((q, qi) => {
          const name = t('quizAdmin.question.tab', { n: qi + 1 });
          return (
            <Stack key={q.uid} gap={4} data-testid="delete-question">
              {qi > 0 && <Divider />}
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Text fz="sm" fw={600} lineClamp={2}>
                  {name}: {isBlankHtml(q.questionText) ? t('quizAdmin.field.empty') : plain(q.questionText)}
                </Text>
                {/* Questions are tabs 1…n: each may go; tab 0 (General) is not in the list at all. */}
                <Tooltip label={t('quizAdmin.delete.question', { name })} withArrow>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('quizAdmin.delete.question', { name })}
                    onClick={() => onDeleteQuestion(q.uid)}
                  >
                    <IconTrash size={18} />
                  </ActionIcon>
                </Tooltip>
              </Group>
              {q.type === 'multiple_choice' &&
                q.answers.map((a, ai) => {
                  const answerName = `${name} ${t('quizAdmin.answer.tab', { n: ai + 1 })}`;
                  return (
                    <Group key={a.uid} justify="space-between" wrap="nowrap" gap="xs" pl="md">
                      <Text fz="sm" lineClamp={1}>
                        {t('quizAdmin.answer.tab', { n: ai + 1 })}: {a.answerText.trim() || t('quizAdmin.field.empty')}
                      </Text>
                      {q.answers.length > 1 && (
                        <Tooltip label={t('quizAdmin.delete.answer', { name: answerName })} withArrow>
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={t('quizAdmin.delete.answer', { name: answerName })}
                            onClick={() => onDeleteAnswer(q.uid, a.uid)}
                          >
                            <IconTrash size={18} />
                          </ActionIcon>
                        </Tooltip>
                      )}
                    </Group>
                  );
                })}
            </Stack>
          );
        })}
      </Stack>
    </Modal>
  );
}
