import type { User } from '@incentive/contracts';
import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconCash } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { toastError } from '../../../lib/toast.ts';

// The dialog (Mantine Modal, focus trap, scroll lock) loads when the rep first reaches for the button.
const loadDialog = () => import('./withdraw-dialog.tsx').then((m) => ({ default: m.WithdrawDialog }));
const WithdrawDialog = lazy(loadDialog);

/** The seller's withdraw action: refused at once with a toast when there is no money. */
export function WithdrawButton({ me }: { me: User }) {
  const { t } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  // Mounted from the first opening on, so closing still plays the modal's transition.
  const [used, setUsed] = useState(false);
  const onClick = () => {
    if (!(Number(me.wallet.money) > 0)) {
      toastError(t('wallet.nothingToWithdraw'));
      return;
    }
    setUsed(true);
    open();
  };
  return (
    <>
      <Button
        leftSection={<IconCash size={18} />}
        onClick={onClick}
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        size="md"
        fullWidth
      >
        {t('withdraw.button')}
      </Button>
      {used && (
        <Suspense fallback={null}>
          <WithdrawDialog me={me} opened={opened} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
