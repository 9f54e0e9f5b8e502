import type { AuditObject } from '@incentive/contracts';
import { Container } from '@mantine/core';
import { ObjectHistory } from './object-history.tsx';

/** An object's history below its editor (a quiz, an article, a challenge): the page's width, after its form. */
export function HistorySection({ type, id }: { type: AuditObject; id: number }) {
  return (
    <Container size="xl" px={{ base: 'sm', sm: 'md' }} pb="xl">
      <ObjectHistory type={type} id={id} />
    </Container>
  );
}
