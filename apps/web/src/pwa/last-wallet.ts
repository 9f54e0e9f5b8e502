import type { User } from '@incentive/contracts';
import { addMoney } from '../lib/add-money.ts';
import { getToken, LAST_WALLET } from '../lib/session.ts';

/**
 * The rep's wallet as the app last showed it, for the offline page (offline.html, decision 067):
 * kept in localStorage under LAST_WALLET by the rep home's wallet card, forgotten with the token
 * (lib/session.ts). Only the figures the card shows, as the API sent them, and when they were seen.
 */
export interface LastWallet {
  money: string;
  earned: string;
  withdrawn: string;
  /** When the app showed these figures (ISO). */
  seenAt: string;
}

/**
 * Keeps the figures the wallet card shows (a seller's only: an admin's preview of the home is not
 * their wallet). Not after a sign-out: this module arrives after the card's render, by which time
 * the rep may have signed out and the figures been forgotten.
 */
export function rememberWallet(me: User): void {
  if (!getToken()) return;
  const wallet: LastWallet = {
    money: me.wallet.money,
    earned: addMoney(me.money_earned, me.money_withdrawed),
    withdrawn: me.money_withdrawed,
    seenAt: new Date().toISOString(),
  };
  try {
    localStorage.setItem(LAST_WALLET, JSON.stringify(wallet));
  } catch {
    // Storage full or blocked: the offline page then shows no wallet, nothing else changes.
  }
}

/** The kept figures, or null when there are none or they are not what rememberWallet writes. */
export function lastWallet(): LastWallet | null {
  try {
    const value = JSON.parse(localStorage.getItem(LAST_WALLET) ?? 'null') as Partial<LastWallet> | null;
    const ok =
      value !== null &&
      typeof value === 'object' &&
      (['money', 'earned', 'withdrawn', 'seenAt'] as const).every((k) => typeof value[k] === 'string');
    return ok ? (value as LastWallet) : null;
  } catch {
    return null;
  }
}
