import type { Image } from '@incentive/contracts';
import { RowThumb } from '../../../components/table/row-thumb.tsx';
import { useTranslation } from '../../../lib/i18n.ts';

/** A challenge's or product's row image (56 × 40). */
export function Thumb({ image }: { image: Image | null }) {
  const { t } = useTranslation();
  return <RowThumb image={image} width={56} noImageLabel={t('challengeAdmin.noImage')} />;
}
