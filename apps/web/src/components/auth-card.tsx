import { Box, Center, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Logo } from './logo.tsx';

/** The framed card of the sign-in and set-password pages. */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  return (
    <Center
      component="main"
      mih="100dvh"
      px="md"
      py="xl"
      style={{ background: 'linear-gradient(160deg, #e7f5ff 0%, #f8f9fa 60%)' }}
    >
      <Box w="100%" maw={420}>
        <Center mb="lg">
          <Logo size={40} />
        </Center>
        <Paper withBorder shadow="sm" radius="md" p={{ base: 'lg', sm: 'xl' }}>
          <Stack gap={4} mb="lg">
            <Title order={1} fz={24}>
              {title}
            </Title>
            {subtitle && (
              <Text c="dimmed" fz="sm">
                {subtitle}
              </Text>
            )}
          </Stack>
          {children}
        </Paper>
      </Box>
    </Center>
  );
}
