import type { Image } from '@incentive/contracts';
import { RowThumb } from '../../../components/table/row-thumb.tsx';
import { useTranslation } from '../../../lib/i18n.ts';

/** An article row's image (64 × 40). */
export function ArticleThumb({ image }: { image: Image | null }) {
  const { t } = useTranslation();
  return <RowThumb image={image} width={64} noImageLabel={t('articleAdmin.list.noImage')} />;
}
