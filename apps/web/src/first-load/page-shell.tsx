import { Box, Burger, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Logo } from '../components/logo.tsx';
import { Page } from '../components/page.tsx';
import { LANG_KEY } from '../lib/lang-key.ts';
import { GREETING_NAME, TOKEN } from '../lib/session.ts';
import { VIDEO_HEIGHTS } from '../lib/video-source.ts';
import { FIRST_CARD_MEDIA } from './first-page-data.ts';
import { HOME_SHELL_ID } from './home-shell.ts';
import { CHALLENGE_SHELL, QUIZ_SHELL, WITHDRAWALS_SHELL } from './shell-slots.ts';

/*
 * The parts of a rep page's first paint, pre-rendered at build time into its first-load page
 * (first-load/first-load-html.ts, decisions 027 and 030): a layer over the viewport with the header and
 * what the page shows before its data, until the signed-in page commits (first-load/home-shell.ts removes
 * it in that commit). Never bundled.
 */

/**
 * The inline script after a shell (the server allows its hash); the shell stays hidden until it has
 * run. It stays only for a signed-in rep in Polish, the one case the build could render it for (the
 * greeting name is kept for reps only, lib/session.ts); anyone else gets the page as before. With
 * `greet`, the rep home's title becomes `Cześć, {name}!`, as the page will write it.
 */
export function shellScript(greet: boolean): string {
  const show = greet
    ? `var g=s.querySelector('[data-greeting]');if(!g)return s.remove();g.textContent=g.getAttribute('data-greeting').split('{{name}}').join(n);`
    : '';
  return `(function(){var s=document.getElementById(${JSON.stringify(HOME_SHELL_ID)});if(!s)return;try{var l=localStorage,n=l.getItem(${JSON.stringify(GREETING_NAME)});if(n&&l.getItem(${JSON.stringify(TOKEN)})&&(l.getItem(${JSON.stringify(LANG_KEY)})||'pl')==='pl'){${show}s.hidden=false;return}}catch(e){}s.remove()})()`;
}

/** A slot's attribute as a JSX prop. */
const slot = (name: string) => ({ [name]: '' });

/** A figure or text not known yet. */
export function ShellBar({ w, h, light, round }: { w: number | string; h: number; light?: boolean; round?: boolean }) {
  return (
    <div
      style={{
        width: w,
        height: h,
        borderRadius: round ? '50%' : 4,
        background: light ? 'rgba(255, 255, 255, 0.25)' : 'var(--mantine-color-gray-2)',
      }}
    />
  );
}

/** The layer: fixed over the root, so nothing under it moves, and hidden until the script shows it. */
export function ShellLayer({ children }: { children: ReactNode }) {
  return (
    <div
      id={HOME_SHELL_ID}
      // Shown by the script: the browser may paint while it parses, and a shell painted for someone
      // who is not a rep (or a greeting painted empty) would neither be the page nor stay in place.
      hidden
      aria-hidden="true"
      style={{
        position: 'fixed',
        inset: 0,
        zIndex: 1000,
        overflow: 'hidden',
        backgroundColor: 'var(--mantine-color-body)',
      }}
    >
      {/* The header of app/layout/app-layout.tsx (64 px, bottom border): logo, menu button, avatar. */}
      <header style={{ height: 64, borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Container size="xl" h="100%">
          <Group h="100%" justify="space-between" wrap="nowrap" gap="sm">
            <Group gap="sm" wrap="nowrap">
              <Burger opened={false} size="sm" hiddenFrom="md" tabIndex={-1} />
              <Box visibleFrom="xs">
                <Logo />
              </Box>
              <Box hiddenFrom="xs">
                <Logo withName={false} />
              </Box>
            </Group>
            <ShellBar w={34} h={34} round />
          </Group>
        </Container>
      </header>
      {children}
    </div>
  );
}

/**
 * The first card of a rep list (components/rep-card-list.tsx, card-media.tsx): a bordered box with
 * the media box of the spec's video heights, in the list's grid (one column, two from 992 px). The
 * first-load script puts the list's first image in it when the list's data arrives before the page's
 * code (first-load/first-load-html.ts): the page then shows the same file, no larger, in its place.
 */
function FirstCardShell() {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <div
        style={{
          border: '1px solid var(--mantine-color-gray-3)',
          borderRadius: 'var(--mantine-radius-md)',
          overflow: 'hidden',
        }}
      >
        <Box h={VIDEO_HEIGHTS} bg="gray.1" style={{ overflow: 'hidden' }} {...{ [FIRST_CARD_MEDIA]: '' }} />
        <Box p="md">
          <ShellBar w="60%" h={22} />
        </Box>
      </div>
    </SimpleGrid>
  );
}

/**
 * A rep page other than the home: its title and description as the page writes them (a bar where
 * the title is the record's own, e.g. an article's), and for a list its first card's box.
 */
export function RepPageShell({
  title,
  subtitle,
  body,
}: {
  title?: string;
  subtitle?: string;
  /** What the page shows first, filled by the first-load script from the page's early answer. */
  body?: { kind: 'firstCard' | 'challenge' } | { kind: 'withdrawals'; heading: string };
}) {
  return (
    <ShellLayer>
      <Page title={title ?? <ShellBar w="70%" h={28} />} subtitle={subtitle}>
        {body?.kind === 'firstCard' ? (
          <FirstCardShell />
        ) : body?.kind === 'challenge' ? (
          <ChallengeShell />
        ) : body?.kind === 'withdrawals' ? (
          <WithdrawalsShell heading={body.heading} />
        ) : (
          <div />
        )}
      </Page>
    </ShellLayer>
  );
}

/**
 * The rep's withdrawals card as features/wallet/components/my-withdrawals.tsx draws it: the card
 * with its heading, then the first page's rows (amount; date and card; the status badge, as Mantine's
 * light Badge draws it), which the first-load script adds from the early answer
 * (first-load/first-load-html.ts, decision 033).
 */
function WithdrawalsShell({ heading }: { heading: string }) {
  const w = WITHDRAWALS_SHELL;
  return (
    <>
      <style>{`[${w}]>div{display:flex;justify-content:space-between;align-items:center;gap:var(--mantine-spacing-md);padding-block:var(--mantine-spacing-xs);border-bottom:1px solid var(--mantine-color-gray-2)}[${w}] p{margin:0;line-height:var(--mantine-line-height)}[${w}] p:first-child{font-weight:700;font-variant-numeric:tabular-nums;white-space:nowrap;font-size:var(--mantine-font-size-md)}[${w}] p+p{margin-top:2px;font-size:var(--mantine-font-size-xs);color:var(--mantine-color-dimmed)}[${w}]>p{color:var(--mantine-color-dimmed);font-size:var(--mantine-font-size-md)}[${w}] p span{white-space:nowrap}[${w}]>div>span{display:inline-grid;align-items:center;align-self:center;flex-shrink:0;height:20px;line-height:18px;padding:0 10px;border:1px solid transparent;border-radius:1000px;font-size:11px;font-weight:700;letter-spacing:0.25px;text-transform:uppercase;white-space:nowrap}`}</style>
      {/* Mantine's Card (withBorder, radius md, padding lg): its stylesheet is not in a first load. */}
      <div
        style={{
          border: '1px solid var(--mantine-color-gray-3)',
          borderRadius: 'var(--mantine-radius-md)',
          padding: 'var(--mantine-spacing-lg)',
        }}
      >
        <Title order={2} fz="lg" mb="sm">
          {heading}
        </Title>
        <div {...slot(w)} />
      </div>
    </>
  );
}

/**
 * Where the rep's first challenge goes, drawn by the first-load script from the challenges' early
 * answer (first-load/first-load-html.ts, decision 033) as features/challenges lays it out: the row of
 * choices when there are several (pages/challenge-list-page.module.css), then the intro's cover
 * (16:9, two fifths beside the text from 768 px) and the challenge's name
 * (components/challenge-view.module.css). The rules are here because the script's elements are not
 * in the markup the first load's critical CSS is taken from.
 */
function ChallengeShell() {
  const c = CHALLENGE_SHELL;
  return (
    <>
      <style>{`[${c}]{display:flex;flex-direction:column;gap:var(--mantine-spacing-lg)}[${c}] nav{display:flex;flex-wrap:wrap;gap:8px}[${c}] nav span{display:inline-flex;align-items:center;max-width:100%;min-height:40px;padding:6px 16px;border:1px solid var(--mantine-color-gray-4);border-radius:20px;font-size:var(--mantine-font-size-sm);font-weight:600;overflow-wrap:anywhere}[${c}] nav span:first-child{border-color:var(--mantine-primary-color-filled);background-color:var(--mantine-primary-color-filled);color:var(--mantine-color-white)}[${c}] section{display:grid;grid-template-columns:minmax(0,1fr);gap:var(--mantine-spacing-lg);align-items:start}[${c}] figure{margin:0;border-radius:var(--mantine-radius-md);overflow:hidden;background-color:var(--mantine-color-gray-1);aspect-ratio:16/9}[${c}] h2{margin:0;font-family:var(--mantine-font-family-headings);font-size:20px;font-weight:var(--mantine-h2-font-weight);line-height:var(--mantine-h2-line-height);overflow-wrap:anywhere}@media (min-width:48em){[${c}] section{grid-template-columns:minmax(0,2fr) minmax(0,3fr)}[${c}] h2{font-size:24px}}`}</style>
      <div {...slot(c)} />
    </>
  );
}

/**
 * An article as features/articles/components/article-view.tsx lays it out: the column (at most
 * 860 px), the media box at the top (16:9, the images' own shape) and a bar for the title. The
 * first-load script puts the article's image in the box when the article's data arrives before the
 * page's code (first-load/first-load-html.ts), with the page's srcset and sizes: the page then shows the
 * same file in the same place.
 */
export function ArticleShell() {
  return (
    <ShellLayer>
      <Container size="xl" py={{ base: 'md', sm: 'xl' }} px={{ base: 'sm', sm: 'md' }}>
        <div style={{ maxWidth: 860, marginInline: 'auto' }}>
          <Box
            bg="gray.1"
            style={{ aspectRatio: '16 / 9', overflow: 'hidden', borderRadius: 'var(--mantine-radius-md)' }}
            {...{ [FIRST_CARD_MEDIA]: '' }}
          />
          <Box mt="lg">
            <ShellBar w="70%" h={32} />
          </Box>
        </div>
      </Container>
    </ShellLayer>
  );
}

/**
 * A quiz being opened, as features/quizzes/pages/quiz-take-page.tsx lays out its first step, the
 * intro (issue 27 point 3): the quiz's name, what it pays, and in its card the lead and the text.
 * Bars stand in until the quiz arrives; the first-load script then fills the step from the quiz's
 * early answer (first-load/first-load-html.ts, decision 033) and swaps it in whole, so nothing painted
 * moves. The video, the rules line and the start button come with the page's code, below them.
 */
export function QuizTakeShell() {
  const q = QUIZ_SHELL.text;
  return (
    <ShellLayer>
      <style>{`[${q}]>:first-child{margin-top:0}[${q}]>:last-child{margin-bottom:0}[${q}] img,[${q}] video,[${q}] iframe{max-width:100%;height:auto}`}</style>
      <Container size="sm" py={{ base: 'md', sm: 'xl' }} px={{ base: 'sm', sm: 'md' }}>
        <Stack gap="lg" {...slot(QUIZ_SHELL.skeleton)}>
          <Stack gap={4}>
            <ShellBar w="45%" h={22} />
            <ShellBar w="70%" h={31} />
          </Stack>
          <ShellBar w="30%" h={25} />
        </Stack>
        {/* A plain element: Stack's display:flex would beat the hidden attribute. */}
        <div hidden {...slot(QUIZ_SHELL.filled)}>
          <Stack gap="lg">
            <Stack gap={4}>
              <Text c="dimmed" fz="sm" fw={600} style={{ overflowWrap: 'anywhere' }} {...slot(QUIZ_SHELL.name)} />
              <Title order={1} fz={{ base: 24, sm: 30 }} {...slot(QUIZ_SHELL.title)} />
            </Stack>
            {/* Mantine's Card (withBorder, radius and padding md): its stylesheet is not in a first load. */}
            <div
              style={{
                border: '1px solid var(--mantine-color-gray-3)',
                borderRadius: 'var(--mantine-radius-md)',
                padding: 'var(--mantine-spacing-md)',
              }}
            >
              <Text fw={600} fz="lg" mb="md" style={{ overflowWrap: 'anywhere' }} {...slot(QUIZ_SHELL.lead)} />
              <div
                style={{ fontSize: 'var(--mantine-font-size-lg)', lineHeight: 1.5, overflowWrap: 'anywhere' }}
                {...slot(q)}
              />
            </div>
          </Stack>
        </div>
      </Container>
    </ShellLayer>
  );
}
