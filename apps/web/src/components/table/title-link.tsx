import { Anchor } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * The title of a back-office table's row (a warehouse, a rep, a quiz, an article, a challenge): one
 * look and one behaviour in every table (issue 27, point 11). A link to the item's page in the
 * primary colour, semi-bold, at most two lines, breaking a long token only where it must; its click
 * opens the page and never also toggles or selects the row.
 */
export function TitleLink({ to, children, label }: { to: string; children: ReactNode; label?: string }) {
  return (
    <Anchor
      component={Link}
      to={to}
      fz="sm"
      fw={600}
      lineClamp={2}
      aria-label={label}
      style={{ overflowWrap: 'anywhere' }}
      onClick={(e: React.MouseEvent) => e.stopPropagation()}
      data-testid="table-title-link"
    >
      {children}
    </Anchor>
  );
}
