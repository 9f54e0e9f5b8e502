import { PRODUCT_LIMITS, type ProductSaved, productFieldsSchema } from '@incentive/contracts';
import { Button, Group, Input, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { ImageInput } from '../../../components/image-input.tsx';
import { buildFormData, type ImageChange } from '../../../lib/form-data.ts';
import { issueKey, useTranslation } from '../../../lib/i18n.ts';
import { failureOf } from '../../../lib/mutation.ts';
import { toastFailure, toastSuccess } from '../../../lib/toast.ts';
import { useCreateProduct } from '../api/save-product.ts';

type Field = 'name' | 'code' | 'description' | 'image';
const FIELDS: readonly Field[] = ['name', 'code', 'description', 'image'];

export interface CreatedProduct {
  id: number;
  name: string;
  code: string | null;
}

/**
 * 'Nowy produkt' (POST /api/products, products.manage): name, ERP code, description and an optional
 * image. Checked with the contracts' schema first; the server's 422 messages land at their fields.
 * The new product is handed back so the row that opened the dialog selects it.
 */
export function ProductDialog({
  opened,
  onClose,
  onCreated,
}: {
  opened: boolean;
  onClose: () => void;
  onCreated: (product: CreatedProduct) => void;
}) {
  const { t } = useTranslation();
  const create = useCreateProduct();
  const [name, setName] = useState('');
  const [code, setCode] = useState('');
  const [description, setDescription] = useState('');
  const [image, setImage] = useState<ImageChange>({ kind: 'keep' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  const reset = () => {
    setName('');
    setCode('');
    setDescription('');
    setImage({ kind: 'keep' });
    setErrors({});
  };

  const save = () => {
    if (create.isPending) return;
    const parsed = productFieldsSchema.safeParse({ name, code, description });
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        found[field] ??= t(issueKey(issue.message));
      }
      setErrors(found);
      return;
    }
    const body = buildFormData({
      ...parsed.data,
      image: image.kind === 'file' ? image : undefined,
    });
    create.mutate(body, {
      onSuccess: (saved: ProductSaved) => {
        toastSuccess(saved.message || t('product.created'));
        onCreated({ id: saved.product_id, name: parsed.data.name, code: parsed.data.code });
        reset();
        onClose();
      },
      onError: (err) => {
        const result = failureOf(err);
        const found: Partial<Record<Field, string>> = {};
        for (const field of FIELDS) {
          const message = result?.payload?.errors?.[field]?.[0];
          if (message) found[field] = message;
        }
        setErrors(found);
        toastFailure(result, 'challengeAdmin.toast.errorProduct');
      },
    });
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('challengeAdmin.productDialog.title')}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          // The dialog's form sits inside the challenge form in React's tree: keep the submit here.
          e.stopPropagation();
          save();
        }}
      >
        <Stack gap="md">
          <TextInput
            label={t('challengeAdmin.productDialog.name')}
            value={name}
            maxLength={PRODUCT_LIMITS.name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={errors.name}
            withAsterisk
            data-autofocus
          />
          <TextInput
            label={t('challengeAdmin.productDialog.code')}
            description={t('challengeAdmin.productDialog.codeHint')}
            value={code}
            maxLength={PRODUCT_LIMITS.code}
            onChange={(e) => setCode(e.currentTarget.value)}
            error={errors.code}
            withAsterisk
          />
          <Textarea
            label={t('challengeAdmin.productDialog.description')}
            value={description}
            maxLength={PRODUCT_LIMITS.description}
            autosize
            minRows={2}
            maxRows={5}
            onChange={(e) => setDescription(e.currentTarget.value)}
            error={errors.description}
          />
          <Input.Wrapper label={t('challengeAdmin.productDialog.image')} error={errors.image}>
            <ImageInput
              label={t('challengeAdmin.productDialog.image')}
              current={null}
              change={image}
              onChange={setImage}
            />
          </Input.Wrapper>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {t('challengeAdmin.productDialog.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
