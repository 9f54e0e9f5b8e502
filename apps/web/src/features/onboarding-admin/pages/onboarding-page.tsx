import { can, type OnboardingImport } from '@incentive/contracts';
import { Stack } from '@mantine/core';
import { useRef, useState } from 'react';
import { Page } from '../../../components/page.tsx';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { registerStrings } from '../../../lib/lazy-strings.ts';
import { ImportPreview } from '../components/import-preview.tsx';
import { InvitationsPanel } from '../components/invitations-panel.tsx';
import { OnboardingHistory } from '../components/onboarding-history.tsx';
import { OnboardingUpload } from '../components/onboarding-upload.tsx';
import { onboardingStrings } from '../lib/strings.ts';

registerStrings(onboardingStrings);

/**
 * `/import` (issue 30 point 1, people.import): load a file of people (or, for root and admin,
 * warehouses); the server checks every row and keeps a preview, shown here with what each row would
 * do; nothing is written until "Zastosuj import". Below: the history (open an earlier preview, or its
 * refused rows) and the activation e-mails' queue with its failures and "Wyślij ponownie".
 */
export function OnboardingPage() {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const [open, setOpen] = useState<{ id: number; initial?: OnboardingImport } | null>(null);
  const preview = useRef<HTMLDivElement>(null);
  const show = (i: OnboardingImport) => {
    setOpen({ id: i.id, initial: i });
    requestAnimationFrame(() =>
      preview.current
        ?.querySelector('[data-testid="onboarding-preview"]')
        ?.scrollIntoView({ block: 'start', behavior: 'smooth' }),
    );
  };
  return (
    <Page title={t('onboarding.title')} subtitle={t('onboarding.subtitle')}>
      <OnboardingUpload mayImportWarehouses={can(me.role, 'warehouses.create')} onPreview={show} />
      <Stack ref={preview} gap="md">
        {open && <ImportPreview key={open.id} id={open.id} initial={open.initial} onClose={() => setOpen(null)} />}
      </Stack>
      <InvitationsPanel />
      <OnboardingHistory onOpen={show} />
    </Page>
  );
}
