import type { ReactNode } from 'react';
import { Link } from 'react-router';
import classes from './link-button.module.css';

/** An in-app link drawn as a filled button, for the light rep list. */
export function LinkButton({ to, children, label }: { to: string; children: ReactNode; label?: string }) {
  return (
    <Link to={to} className={classes.link} aria-label={label}>
      {children}
    </Link>
  );
}
