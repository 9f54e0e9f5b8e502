import { adjustmentBodySchema } from '@incentive/contracts';
import { Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import { IconAdjustmentsDollar } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { failureOf } from '../../../lib/mutation.ts';
import { toastFailure, toastSuccess } from '../../../lib/toast.ts';
import { zodValidate } from '../../../lib/zod-form.ts';
import { useAdjust } from '../api/adjust.ts';

/**
 * Root and admin credit (+) or debit (−) a rep by hand with a reason. One idempotency key per
 * opened dialog, so a double click or a retry posts once.
 */
export function AdjustBalanceButton({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  const adjust = useAdjust();
  const [key, setKey] = useState(() => crypto.randomUUID());
  const form = useForm({
    initialValues: { user_id: userId, amount: '', reason: '' },
    validate: zodValidate(adjustmentBodySchema),
  });
  const submit = form.onSubmit((values) =>
    adjust.mutate(
      { ...values, idempotency_key: key },
      {
        onSuccess: (res) => {
          toastSuccess(res.message);
          form.reset();
          setKey(crypto.randomUUID());
          close();
        },
        onError: (err) => toastFailure(failureOf(err), 'common.somethingWentWrong'),
      },
    ),
  );
  return (
    <>
      <Button variant="default" leftSection={<IconAdjustmentsDollar size={16} />} onClick={open}>
        {t('adjust.button')}
      </Button>
      <Modal
        opened={opened}
        onClose={close}
        title={t('adjust.title')}
        size={500}
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        <form onSubmit={submit} noValidate>
          <Stack>
            <TextInput label={t('adjust.amount')} inputMode="decimal" required {...form.getInputProps('amount')} />
            <Textarea
              label={t('adjust.reason')}
              required
              minRows={2}
              maxLength={500}
              {...form.getInputProps('reason')}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={close} disabled={adjust.isPending}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" loading={adjust.isPending}>
                {t('adjust.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
