import type { User } from '@incentive/contracts';
import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconCash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../../lib/toast.ts';
import { WithdrawDialog } from './withdraw-dialog.tsx';

/** The seller's withdraw action: refused at once with a toast when there is no money. */
export function WithdrawButton({ me }: { me: User }) {
  const { t } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  const onClick = () => {
    if (!(Number(me.wallet.money) > 0)) {
      toastError(t('wallet.nothingToWithdraw'));
      return;
    }
    open();
  };
  return (
    <>
      <Button leftSection={<IconCash size={18} />} onClick={onClick} size="md" fullWidth>
        {t('withdraw.button')}
      </Button>
      <WithdrawDialog me={me} opened={opened} onClose={close} />
    </>
  );
}
