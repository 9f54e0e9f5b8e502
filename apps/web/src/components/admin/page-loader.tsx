import { Center } from '@mantine/core';
import { Loading } from '../loading.tsx';

export function PageLoader() {
  return (
    <Center py={80}>
      <Loading />
    </Center>
  );
}
