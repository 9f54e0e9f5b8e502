import type { DbOrTx } from '../db/client.ts';
import { AppError } from '../lib/app-error.ts';
import { withdrawalNeedsTaxData } from '../modules/settings/settings.service.ts';
import { hasTaxData } from '../modules/users/profile.service.ts';
import { addWithdrawalCheck } from '../modules/wallet/withdrawals.service.ts';

/**
 * The programme may ask for a rep's tax data (PESEL, tax office, address) before it pays out
 * (issue 30 point 2): a setting of the settings module, data of the users module, a rule the wallet
 * applies inside the withdrawal's transaction. Both modules sit above the wallet, so the rule is
 * joined to it here, at start-up.
 */
async function taxDataBeforeWithdrawal(tx: DbOrTx, userId: number): Promise<void> {
  if ((await withdrawalNeedsTaxData(tx)) && !(await hasTaxData(tx, userId))) {
    throw new AppError(409, 'taxData.requiredForWithdrawal');
  }
}

export function addWithdrawalRules(): void {
  addWithdrawalCheck(taxDataBeforeWithdrawal);
}
